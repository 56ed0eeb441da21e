import { z } from 'zod';
import { plainText } from './text';

/** A book on the shelf. */
export const bookSchema = z.object({
  isbn: z.string().regex(/^(?:\d{9}[\dX]|\d{13})$/, 'an ISBN-10 or ISBN-13, digits only'),
  title: plainText(500),
  author: plainText(500),
  year: z.number().int().min(-3000).max(9999),
});

const bookcaseFields = {
  name: plainText(200),
  books: z.array(bookSchema).max(10_000),
};

/**
 * A bookcase as a client sends it (PUT): unknown members are dropped. Its JSON Schema is also the
 * shape that turns XML text into numbers and repeated elements into arrays.
 */
export const bookcaseSchema = z.object(bookcaseFields);

/** A bookcase after a patch: a member the model does not have cannot be stored, so it is an error. */
export const patchedBookcaseSchema = z.strictObject({ ...bookcaseFields, books: z.array(bookSchema.strict()).max(10_000) });

/** The single stored item of the service. */
export type Bookcase = z.infer<typeof bookcaseSchema>;
export type Book = z.infer<typeof bookSchema>;

/** The bookcase a new store starts with. */
export function seedBookcase(): Bookcase {
  return {
    name: 'Living room',
    books: [
      { isbn: '9780131103627', title: 'The C Programming Language', author: 'Kernighan and Ritchie', year: 1988 },
      { isbn: '9780201633610', title: 'Design Patterns', author: 'Gamma, Helm, Johnson and Vlissides', year: 1994 },
      { isbn: '9780262033848', title: 'Introduction to Algorithms', author: 'Cormen, Leiserson, Rivest and Stein', year: 2009 },
    ],
  };
}

/** The `?view=summary` representation. */
export function summaryOf(bookcase: Bookcase): { name: string; bookCount: number } {
  return { name: bookcase.name, bookCount: bookcase.books.length };
}
