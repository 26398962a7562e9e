"use client";
// Admin users: who can sign in to the panel, with which role; the store owner stays enabled and keeps its role.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { panelFetch, useSignedIn, type ListPage } from "./api";
import { Empty, ErrorNotice, Field, fieldErrors, Loading } from "./common";
import { useRoles, type Role } from "./roles";
import { PASSWORD_HINT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../auth/password-hint";

interface AdminUser { id: number; name: string; email: string; roleId: number; roleName: string; status: boolean; isOwner: boolean }

const usersKey = ["admin-users"];

export function AdminUsers() {
  const me = useSignedIn().admin;
  const client = useQueryClient();
  const users = useQuery({ queryKey: usersKey, queryFn: () => panelFetch<ListPage<AdminUser>>("settings/users?per_page=50") });
  const roles = useRoles();
  const change = useMutation({
    mutationFn: ({ id, body, method }: { id: number; method: "PATCH" | "DELETE"; body?: object }) => panelFetch(`settings/users/${id}`, { method, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey }),
  });
  return (
    <>
      <h1>Admin users</h1>
      <CreateUser roles={roles.data?.data ?? []} />
      <h2>Users</h2>
      <ErrorNotice error={change.error} />
      {users.isPending ? <Loading what="admin users" /> : users.isError ? <ErrorNotice error={users.error} /> : users.data.data.length === 0 ? (
        <Empty>No admin users.</Empty>
      ) : (
        <table className="ap-table">
          <thead><tr><th>Name</th><th>Email</th><th>Role</th><th>Status</th><th /></tr></thead>
          <tbody>
            {users.data.data.map((u) => (
              <tr key={u.id}>
                <td>{u.name}{u.isOwner && <span className="ap-badge"> owner</span>}</td>
                <td>{u.email}</td>
                <td>
                  <select value={u.roleId} disabled={u.isOwner || change.isPending} aria-label={`Role of ${u.email}`} onChange={(e) => change.mutate({ id: u.id, method: "PATCH", body: { roleId: Number(e.target.value) } })}>
                    {(roles.data?.data ?? [{ id: u.roleId, name: u.roleName }]).map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
                  </select>
                </td>
                <td><span className={`ap-badge ${u.status ? "active" : "inactive"}`}>{u.status ? "enabled" : "disabled"}</span></td>
                <td className="ap-actions">
                  {!u.isOwner && u.id !== me.id && (
                    <>
                      <button type="button" className="ap-secondary" onClick={() => change.mutate({ id: u.id, method: "PATCH", body: { status: !u.status } })}>{u.status ? "Disable" : "Enable"}</button>
                      <button type="button" className="ap-danger" onClick={() => confirm(`Delete ${u.email}?`) && change.mutate({ id: u.id, method: "DELETE" })}>Delete</button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function CreateUser({ roles }: { roles: Role[] }) {
  const client = useQueryClient();
  const [form, setForm] = useState({ name: "", email: "", password: "", roleId: "" });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const create = useMutation({
    // No role is preselected: granting one is a decision, and the API refuses a missing one.
    mutationFn: () => panelFetch("settings/users", { method: "POST", body: { ...form, roleId: form.roleId ? Number(form.roleId) : undefined } }),
    onSuccess: () => {
      setForm({ name: "", email: "", password: "", roleId: "" });
      return client.invalidateQueries({ queryKey: usersKey });
    },
  });
  const err = (f: string) => fieldErrors(create.error, f);
  return (
    <form className="ap-card ap-form" aria-label="Add an admin user" onSubmit={(e) => { e.preventDefault(); create.mutate(); }}>
      <Field label="Name" error={err("name")}><input value={form.name} onChange={set("name")} required /></Field>
      <Field label="Email" error={err("email")}><input type="email" value={form.email} onChange={set("email")} required /></Field>
      <Field label="Password" hint={PASSWORD_HINT} error={err("password")}>
        <input type="password" name="password" autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} maxLength={PASSWORD_MAX_LENGTH} value={form.password} onChange={set("password")} required />
      </Field>
      <Field label="Role" error={err("roleId")}>
        <select name="roleId" value={form.roleId} onChange={set("roleId")} required>
          <option value="" disabled>Choose a role…</option>
          {roles.map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
        </select>
      </Field>
      <div className="ap-wide ap-actions">
        <button type="submit" disabled={create.isPending}>{create.isPending ? "Adding…" : "Add admin user"}</button>
        <ErrorNotice error={create.error} />
      </div>
    </form>
  );
}
