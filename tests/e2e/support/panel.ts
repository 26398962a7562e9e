// The admin panel's calls as a browser's fetch makes them (cookie, CSRF header, Origin), for the browser tests that
// set up or check what the pages do: `session…` to the panel's session routes, any other path to the Admin API.
import { baseUrl } from "./browser.ts";

export interface PanelCall {
  method?: string;
  body?: unknown;
  cookie?: string;
  csrf?: string;
  origin?: string;
}

export async function panelCall(path: string, init: PanelCall = {}) {
  const res = await fetch(`${baseUrl()}${/^session(\/|$)/.test(path) ? "/admin/api" : "/api/admin"}/${path}`, {
    method: init.method ?? "GET",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/json",
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...(init.csrf ? { "X-CSRF-Token": init.csrf } : {}),
      ...(init.origin ? { Origin: init.origin } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
   
  const body = (await res.json().catch(() => null)) as Record<string, any> | null;
  return { res, status: res.status, headers: res.headers, body };
}
