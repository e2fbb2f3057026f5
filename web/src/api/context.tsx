import { createContext, useContext } from "react";
import type { ApiClient } from "./client";

const ApiContext = createContext<ApiClient | null>(null);

/** Gives the app its API client (App makes it; a test can give another). */
export const ApiProvider = ApiContext.Provider;

/** The API client of the app. */
export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error("useApi() needs an <ApiProvider> above it");
  return api;
}
