import { type Router, ResponseEntity } from '../src';

/** A bookcase, the single stored item of the illustrative service. */
export interface Bookcase {
  name: string;
  books: { isbn: string; title: string; author: string; year: number }[];
}

/** The seed bookcase. */
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

/** Declares /bookcase: GET (full or `?view=summary`) and PUT. */
export function bookcaseRoutes(api: Router, store: { bookcase: Bookcase }): void {
  api.get('/bookcase').produces('application/json').handle(() => store.bookcase);
  api
    .get('/bookcase')
    .params('view=summary')
    .produces('application/json')
    .handle(() => ({ name: store.bookcase.name, bookCount: store.bookcase.books.length }));
  api
    .put('/bookcase')
    .consumes('application/json')
    .body(Object)
    .handle((ctx) => {
      store.bookcase = ctx.body as unknown as Bookcase;
      return ResponseEntity.noContent();
    });
}
