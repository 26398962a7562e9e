"use client";
// Roles: all permissions or a chosen list; a role bounds its admins and every token they hold.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { panelFetch, useSignedIn, type ListPage } from "./api";
import { Empty, ErrorNotice, Field, fieldErrors, Loading, PermissionPicker } from "./common";

export interface Role { id: number; name: string; description: string | null; permissionType: string; permissions: string[]; adminsCount: number }

/** The store's roles (the users screen offers them too). */
export const useRoles = () => useQuery({ queryKey: ["roles"], queryFn: () => panelFetch<ListPage<Role>>("settings/roles?per_page=50") });

export function Roles() {
  const client = useQueryClient();
  const roles = useRoles();
  const [editing, setEditing] = useState<Role | "new" | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => panelFetch(`settings/roles/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["roles"] }),
  });
  return (
    <>
      <h1>Roles</h1>
      {editing ? <RoleForm role={editing === "new" ? null : editing} onDone={() => setEditing(null)} /> : <button type="button" onClick={() => setEditing("new")}>New role</button>}
      <h2>Roles</h2>
      <ErrorNotice error={remove.error} />
      {roles.isPending ? <Loading what="roles" /> : roles.isError ? <ErrorNotice error={roles.error} /> : roles.data.data.length === 0 ? (
        <Empty>No roles.</Empty>
      ) : (
        <table className="ap-table">
          <thead><tr><th>Name</th><th>Permissions</th><th>Admins</th><th /></tr></thead>
          <tbody>
            {roles.data.data.map((r) => (
              <tr key={r.id}>
                <td>{r.name}<br /><span className="ap-muted">{r.description}</span></td>
                <td>{r.permissionType === "all" ? "All" : `${r.permissions.length} chosen`}</td>
                <td>{r.adminsCount}</td>
                <td className="ap-actions">
                  <button type="button" className="ap-secondary" onClick={() => setEditing(r)}>Edit</button>
                  <button type="button" className="ap-danger" onClick={() => confirm(`Delete the role ${r.name}?`) && remove.mutate(r.id)}>Delete</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function RoleForm({ role, onDone }: { role: Role | null; onDone: () => void }) {
  const session = useSignedIn();
  const client = useQueryClient();
  const [name, setName] = useState(role?.name ?? "");
  const [description, setDescription] = useState(role?.description ?? "");
  const [type, setType] = useState(role?.permissionType ?? "custom");
  const [permissions, setPermissions] = useState<string[]>(role?.permissions ?? []);
  const save = useMutation({
    mutationFn: () =>
      panelFetch(role ? `settings/roles/${role.id}` : "settings/roles", {
        method: role ? "PATCH" : "POST",
        body: { name, description: description || null, permissionType: type, ...(type === "custom" ? { permissions } : {}) },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["roles"] });
      onDone();
    },
  });
  return (
    <form className="ap-card ap-form" aria-label="Role" onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
      <Field label="Name" error={fieldErrors(save.error, "name")}><input value={name} onChange={(e) => setName(e.target.value)} required /></Field>
      <Field label="Description"><input value={description} onChange={(e) => setDescription(e.target.value)} /></Field>
      <div className="ap-wide ap-radios">
        <label><input type="radio" checked={type === "all"} onChange={() => setType("all")} />All permissions</label>
        <label><input type="radio" checked={type === "custom"} onChange={() => setType("custom")} />Chosen permissions</label>
      </div>
      {type === "custom" && (
        <div className="ap-wide">
          <PermissionPicker all={session.allPermissions} value={permissions} onChange={setPermissions} limitTo={session.permissions} />
          {fieldErrors(save.error, "permissions")?.map((m) => <p key={m} className="ap-field-error">{m}</p>)}
        </div>
      )}
      <div className="ap-wide ap-actions">
        <button type="submit" disabled={save.isPending}>{save.isPending ? "Saving…" : role ? "Save role" : "Create role"}</button>
        <button type="button" className="ap-secondary" onClick={onDone}>Cancel</button>
        <ErrorNotice error={save.error} />
      </div>
    </form>
  );
}
