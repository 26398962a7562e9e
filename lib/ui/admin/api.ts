"use client";
// The panel's client: the session's own calls go to /admin/api/session…, everything else to the Admin API
// (/api/admin/…), both with the session cookie; writes carry the CSRF token that the session answer handed out.
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiErrorOf, networkError } from "../api-error";

export interface PanelAdmin {
  id: number;
  name: string;
  email: string;
  isOwner: boolean;
  roleName: string;
  /** Set while the admin still has a password they were handed: the panel shows only the change-password form. */
  mustChangePassword: boolean;
}

export type PanelSession =
  | { signedIn: false }
  | { signedIn: true; admin: PanelAdmin; csrfToken: string; permissions: "all" | string[]; allPermissions: string[] };

let currentCsrf = "";

/** The CSRF token of the signed-in session, which every write sends. */
export const csrfToken = () => currentCsrf;

/** `session`, `session/password`: the panel's session routes; any other path is the Admin API's. */
const urlOf = (path: string) => (/^session(\/|$)/.test(path) ? `/admin/api/${path}` : `/api/admin/${path}`);

export async function panelFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? "GET";
  let res: Response;
  try {
    res = await fetch(urlOf(path), {
      method,
      headers: {
        Accept: "application/json",
        ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(method !== "GET" ? { "X-CSRF-Token": currentCsrf } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      credentials: "same-origin",
    });
  } catch {
    throw networkError();
  }
  if (!res.ok) throw await apiErrorOf(res);
  return (await res.json()) as T;
}

export function useSession() {
  return useQuery({
    queryKey: ["session"],
    queryFn: async () => {
      const session = await panelFetch<PanelSession>("session");
      currentCsrf = session.signedIn ? session.csrfToken : "";
      return session;
    },
    staleTime: 60_000,
  });
}

/** The signed-in session; only used below the shell's gate, where there is one. */
export function useSignedIn() {
  const { data } = useSession();
  if (!data?.signedIn) throw new ApiError("Not signed in.", 401);
  return data;
}

export function can(session: Extract<PanelSession, { signedIn: true }>, permission: string): boolean {
  return session.permissions === "all" || session.permissions.includes(permission);
}
