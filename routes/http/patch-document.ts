import { BadRequest, Conflict, HttpError } from '../../src';
import { JSON_PATCH, MalformedPatch, PatchConflict, PatchTooLarge, TooManyOperations, applyJsonPatch } from '../patch/json-patch';
import { MERGE_PATCH, applyMergePatch } from '../patch/merge-patch';

/** The patch formats the service accepts, in its order of preference (the `Accept-Patch` of a 415). */
export const PATCH_TYPES = [MERGE_PATCH, JSON_PATCH] as const;
export type PatchType = (typeof PATCH_TYPES)[number];

/** Stable problem types of the patch errors. */
export const PatchProblem = {
  malformed: 'urn:represent:example:malformed-patch',
  conflict: 'urn:represent:example:patch-conflict',
  tooLarge: 'urn:represent:example:patch-result-too-large',
  tooManyOperations: 'urn:represent:example:too-many-patch-operations',
} as const;

/**
 * Applies a patch document of either format to a resource's representation and answers the new
 * representation, leaving the old one as it was. A malformed JSON Patch answers 400; a failing
 * `test` or a path that does not exist answers 409; a result too large to store, or more operations
 * than one request may apply, 422 (RFC 5789 section 2.2: well formed, but the server declines it).
 */
export function applyPatchDocument(type: PatchType, target: unknown, patch: unknown): unknown {
  if (type === MERGE_PATCH) return applyMergePatch(target, patch);
  try {
    return applyJsonPatch(target, patch);
  } catch (error) {
    const extensions = { operation: (error as { operation?: number }).operation };
    if (error instanceof MalformedPatch) throw new BadRequest(`Malformed JSON Patch: ${error.message}`, { type: PatchProblem.malformed, extensions });
    if (error instanceof PatchConflict) throw new Conflict(`The patch does not apply to the current state: ${error.message}`, { type: PatchProblem.conflict, extensions });
    if (error instanceof PatchTooLarge) throw new HttpError(422, `The patch cannot be applied: ${error.message}`, { type: PatchProblem.tooLarge, extensions });
    if (error instanceof TooManyOperations) {
      throw new HttpError(422, `The patch cannot be applied: ${error.message}`, { type: PatchProblem.tooManyOperations, extensions: { maxOperations: error.limit } });
    }
    throw error;
  }
}
