import { ApiError } from "../../lib/api";

/**
 * The server answered and refused the request (not a lost connection nor a server fault): its
 * message is meant for the person. Kept out of lib/api.ts, which every page loads first.
 */
export function isRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status > 0 && err.status < 500;
}
