/**
 * Counts the elementary steps of a computation (a node cloned, compared or visited), so that a
 * test can bound its work in operations rather than in milliseconds.
 */
export interface WorkCounter {
  steps: number;
}
