"use client";
// Roles: all permissions or a chosen list; a role bounds its admins and every token they hold.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { can, useSignedIn } from "../api";
import { adminApi, ifMatch, ok, versioned, type Schemas } from "../client";
import { ErrorNotice, Field, fieldErrors, Loading } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { columnsOf, DataTable } from "../table";
import { inWords, PermissionPicker } from "./permission-picker";
import { ActionsHeader, rowIfMatch } from "./rows";
import "./settings.css";

type Role = Schemas["AdminRole"];

const rolesKey = ["roles"];
const column = columnsOf<Role>();

/** The store's roles (the users screen offers them too). */
export const useRoles = () =>
  useQuery({ queryKey: rolesKey, queryFn: () => ok(adminApi.GET("/api/admin/settings/roles", { params: { query: { per_page: 50 } } })) });

export function Roles() {
  const session = useSignedIn();
  const client = useQueryClient();
  const notify = useNotify();
  const roles = useRoles();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const remove = useMutation({
    mutationFn: (role: Role) => ok(adminApi.DELETE("/api/admin/settings/roles/{id}", { params: { path: { id: role.id }, header: rowIfMatch(role) } })),
    onSuccess: (_answer, role) => {
      notify(`Role "${role.name}" deleted.`);
      return client.invalidateQueries({ queryKey: rolesKey });
    },
  });
  const canEdit = can(session, "settings.roles.edit");
  const canDelete = can(session, "settings.roles.delete");
  const columns = [
    column.accessor("name", {
      header: "Name",
      cell: ({ row: { original: r } }) => <>{r.name}{r.description && <><br /><span className="ap-muted">{r.description}</span></>}</>,
    }),
    column.accessor("permissions", { header: "Permissions", cell: ({ row: { original: r } }) => (r.permissionType === "all" ? "All" : r.permissions.length ? inWords(r.permissions) : "None") }),
    column.accessor("adminsCount", { header: "Admins" }),
    column.display({
      id: "actions",
      header: ActionsHeader,
      cell: ({ row: { original: r } }) => (
        <div className="ap-actions">
          {canEdit && <button type="button" className="ap-secondary" aria-label={`Edit role ${r.name}`} onClick={() => setEditing(r.id)}>Edit</button>}
          {canDelete && (
            <ConfirmButton
              label={`Delete ${r.name}`}
              question={`Delete the role ${r.name}? Admins who hold it must be given another first.`}
              confirmLabel="Yes, delete it"
              disabled={remove.isPending}
              onConfirm={() => remove.mutate(r)}
            />
          )}
        </div>
      ),
    }),
  ];
  return (
    <>
      <h1>Roles</h1>
      <p className="ap-muted">A role says what its admins may do, and bounds every integration token they hold.</p>
      {editing === "new" ? (
        <RoleForm role={null} onDone={() => setEditing(null)} />
      ) : editing !== null ? (
        <EditRole key={editing} id={editing} onDone={() => setEditing(null)} />
      ) : (
        can(session, "settings.roles.create") && <button type="button" onClick={() => setEditing("new")}>New role</button>
      )}
      <h2>Roles</h2>
      <ErrorNotice error={remove.error} />
      <DataTable caption="Roles" columns={columns} rows={roles.data?.data} rowKey={(r) => r.id} loading={roles.isPending} error={roles.error} empty="No roles." />
    </>
  );
}

/** A role as it is now, with its version: the save is refused if someone changes it meanwhile. */
function EditRole({ id, onDone }: { id: number; onDone: () => void }) {
  const role = useQuery({
    queryKey: [...rolesKey, id],
    queryFn: () => versioned(adminApi.GET("/api/admin/settings/roles/{id}", { params: { path: { id } } })),
    staleTime: 0,
    gcTime: 0,
  });
  if (role.isPending) return <Loading what="the role" />;
  if (role.isError) return <ErrorNotice error={role.error} />;
  return <RoleForm role={role.data.value} etag={role.data.etag} onDone={onDone} />;
}

function RoleForm({ role, etag, onDone }: { role: Role | null; etag?: string | null; onDone: () => void }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [name, setName] = useState(role?.name ?? "");
  const [description, setDescription] = useState(role?.description ?? "");
  const [type, setType] = useState<"all" | "custom">(role?.permissionType === "all" ? "all" : "custom");
  const [permissions, setPermissions] = useState<string[]>(role?.permissions ?? []);
  const save = useMutation({
    mutationFn: () => {
      const body = { name, description: description || null, permissionType: type, ...(type === "custom" ? { permissions } : {}) };
      return role
        ? ok(adminApi.PATCH("/api/admin/settings/roles/{id}", { params: { path: { id: role.id }, header: ifMatch(etag) }, body }))
        : ok(adminApi.POST("/api/admin/settings/roles", { body }));
    },
    onSuccess: async (saved) => {
      notify(role ? `Role "${saved.name}" saved.` : `Role "${saved.name}" created.`);
      await client.invalidateQueries({ queryKey: rolesKey });
      onDone();
    },
  });
  return (
    <form className="ap-card ap-form" aria-label={role ? `Edit role ${role.name}` : "New role"} onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
      <Field label="Name" error={fieldErrors(save.error, "name")}><input name="roleName" value={name} onChange={(e) => setName(e.target.value)} required /></Field>
      <Field label="Description" error={fieldErrors(save.error, "description")}><input name="roleDescription" value={description} onChange={(e) => setDescription(e.target.value)} /></Field>
      <fieldset className="ap-wide ap-st-plain">
        <legend className="ap-label">Access</legend>
        <div className="ap-radios">
          <label><input type="radio" name="permissionType" value="all" checked={type === "all"} onChange={() => setType("all")} />All permissions</label>
          <label><input type="radio" name="permissionType" value="custom" checked={type === "custom"} onChange={() => setType("custom")} />Chosen permissions</label>
        </div>
        {fieldErrors(save.error, "permissionType")?.map((m) => <p key={m} className="ap-field-error">{m}</p>)}
      </fieldset>
      {type === "custom" && (
        <div className="ap-wide">
          <PermissionPicker value={permissions} onChange={setPermissions} />
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
