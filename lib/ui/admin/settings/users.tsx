"use client";
// Admin users: who can sign in to the panel, with which role; the store owner stays enabled and keeps its role.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { can, useSignedIn } from "../api";
import { adminApi, ok, type Schemas } from "../client";
import { ErrorNotice, Field } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { errorsFor, type FieldErrors } from "../form";
import { columnsOf, DataTable } from "../table";
import { ActionsHeader, rowIfMatch } from "./rows";
import { useRoles } from "./roles";
import { PASSWORD_HINT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../auth/password-hint";
import "./settings.css";

type AdminUser = Schemas["AdminUser"];
type Role = Schemas["AdminRole"];
type Change = { user: AdminUser; body: Schemas["updateAdminUserBody"] } | { user: AdminUser; remove: true };

const usersKey = ["admin-users"];
const column = columnsOf<AdminUser>();

export function AdminUsers() {
  const session = useSignedIn();
  const client = useQueryClient();
  const notify = useNotify();
  const users = useQuery({ queryKey: usersKey, queryFn: () => ok(adminApi.GET("/api/admin/settings/users", { params: { query: { per_page: 50 } } })) });
  const roles = useRoles();
  const change = useMutation({
    mutationFn: async (c: Change): Promise<void> => {
      const params = { path: { id: c.user.id }, header: rowIfMatch(c.user) };
      if ("remove" in c) await ok(adminApi.DELETE("/api/admin/settings/users/{id}", { params }));
      else await ok(adminApi.PATCH("/api/admin/settings/users/{id}", { params, body: c.body }));
    },
    onSuccess: (_answer, c) => {
      const who = c.user.email;
      if ("remove" in c) notify(`${who} deleted: they can no longer sign in.`);
      else if (c.body.roleId !== undefined) notify(`${who} now has the role ${roles.data?.data.find((r) => r.id === c.body.roleId)?.name ?? c.body.roleId}.`);
      else notify(c.body.status ? `${who} enabled.` : `${who} disabled: they can no longer sign in.`);
      return client.invalidateQueries({ queryKey: usersKey });
    },
  });
  const canEdit = can(session, "settings.users.edit");
  const canDelete = can(session, "settings.users.delete");
  const columns = [
    column.accessor("name", { header: "Name", cell: ({ row: { original: u } }) => <>{u.name}{u.isOwner && <> <span className="ap-badge">owner</span></>}</> }),
    column.accessor("email", { header: "Email" }),
    column.accessor("roleName", {
      header: "Role",
      cell: ({ row: { original: u } }) =>
        canEdit && !u.isOwner ? (
          <select value={u.roleId} disabled={change.isPending} aria-label={`Role of ${u.email}`} onChange={(e) => change.mutate({ user: u, body: { roleId: Number(e.target.value) } })}>
            {(roles.data?.data ?? [{ id: u.roleId, name: u.roleName }]).map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
          </select>
        ) : (
          u.roleName
        ),
    }),
    column.accessor("status", { header: "Status", cell: ({ getValue }) => <span className={`ap-badge ${getValue() ? "active" : "inactive"}`}>{getValue() ? "enabled" : "disabled"}</span> }),
    column.display({
      id: "actions",
      header: ActionsHeader,
      cell: ({ row: { original: u } }) =>
        !u.isOwner && u.id !== session.admin.id ? (
          <div className="ap-actions">
            {canEdit && (
              <button type="button" className="ap-secondary" disabled={change.isPending} aria-label={`${u.status ? "Disable" : "Enable"} ${u.email}`} onClick={() => change.mutate({ user: u, body: { status: !u.status } })}>
                {u.status ? "Disable" : "Enable"}
              </button>
            )}
            {canDelete && (
              <ConfirmButton label={`Delete ${u.email}`} question={`Delete ${u.email}? They can no longer sign in; their tokens stop working.`} confirmLabel="Yes, delete" disabled={change.isPending} onConfirm={() => change.mutate({ user: u, remove: true })} />
            )}
          </div>
        ) : null,
    }),
  ];
  return (
    <>
      <h1>Admin users</h1>
      {can(session, "settings.users.create") && <CreateUser roles={roles.data?.data ?? []} />}
      <h2>Users</h2>
      <ErrorNotice error={change.error} />
      <DataTable caption="Admin users" columns={columns} rows={users.data?.data} rowKey={(u) => u.id} loading={users.isPending} error={users.error} empty="No admin users." />
    </>
  );
}

const blank = { name: "", email: "", password: "", roleId: "" };

function CreateUser({ roles }: { roles: Role[] }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [form, setForm] = useState(blank);
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const create = useMutation({
    mutationFn: (roleId: number) => ok(adminApi.POST("/api/admin/settings/users", { body: { ...form, roleId } })),
    onSuccess: (user) => {
      notify(`${user.email} added with the role ${user.roleName}.`);
      setForm(blank);
      return client.invalidateQueries({ queryKey: usersKey });
    },
  });
  const submit = () => {
    // No role is preselected: granting one is a decision, so none chosen is refused here as the API refuses it.
    if (!form.roleId) return setLocal({ roleId: ["is required"] });
    setLocal(null);
    create.mutate(Number(form.roleId));
  };
  const err = (f: string) => errorsFor(f, local, create.error);
  return (
    <form className="ap-card ap-form" aria-label="Add an admin user" onSubmit={(e) => { e.preventDefault(); submit(); }}>
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
