import { AppError } from "~/lib/errors";

/** What a refused call threw (an AppError, with its code, message and field messages); fails the test when it was not refused. */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}
