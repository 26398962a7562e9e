"use client";
// One postal address, with the country's states as a list when the store knows them.
import { useQuery } from "@tanstack/react-query";
import { useShop } from "./client";
import type { Country, State } from "./types";

export interface Address {
  firstName: string; lastName: string; email: string; companyName: string; address: string; city: string;
  country: string; state: string; postcode: string; phoneNumber: string;
}

export const emptyAddress: Address = { firstName: "", lastName: "", email: "", companyName: "", address: "", city: "", country: "US", state: "", postcode: "", phoneNumber: "" };

/** `{ firstName }` → `{ billingFirstName }`: the flat checkout input of SPEC.md. */
export const flatten = (prefix: "billing" | "shipping", a: Address) =>
  Object.fromEntries(Object.entries(a).map(([k, v]) => [`${prefix}${k[0].toUpperCase()}${k.slice(1)}`, v]));

export function AddressFields({ legend, value, onChange, errors, prefix }: {
  legend: string; value: Address; onChange: (a: Address) => void; errors: Record<string, string[]>; prefix: "billing" | "shipping";
}) {
  const shop = useShop();
  const countries = useQuery({ queryKey: ["countries"], queryFn: () => shop.all<Country>("countries", { per_page: 100 }), staleTime: 600_000 });
  const states = useQuery({
    queryKey: ["states", value.country],
    queryFn: () => shop.all<State>(`countries/${encodeURIComponent(value.country)}/states`, { per_page: 100 }),
    enabled: !!value.country,
    staleTime: 600_000,
  });
  const field = (key: keyof Address, label: string, props: { type?: string; required?: boolean; autoComplete?: string } = {}) => {
    const name = `${prefix}${key[0].toUpperCase()}${key.slice(1)}`;
    return (
      <label className="sf-field">
        <span>{label}{props.required ? "" : " (optional)"}</span>
        <input name={name} type={props.type ?? "text"} required={props.required} autoComplete={props.autoComplete} value={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.value })} />
        {errors[name]?.map((m) => <span key={m} className="sf-field-error">{m}</span>)}
      </label>
    );
  };
  return (
    <fieldset className="sf-address">
      <legend>{legend}</legend>
      {field("firstName", "First name", { required: true, autoComplete: "given-name" })}
      {field("lastName", "Last name", { required: true, autoComplete: "family-name" })}
      {field("email", "Email", { type: "email", required: true, autoComplete: "email" })}
      {field("phoneNumber", "Phone", { type: "tel", autoComplete: "tel" })}
      {field("companyName", "Company", { autoComplete: "organization" })}
      {field("address", "Street address", { required: true, autoComplete: "street-address" })}
      {field("city", "City", { required: true, autoComplete: "address-level2" })}
      {field("postcode", "Postcode", { required: true, autoComplete: "postal-code" })}
      <label className="sf-field">
        <span>Country</span>
        <select name={`${prefix}Country`} value={value.country} onChange={(e) => onChange({ ...value, country: e.target.value, state: "" })}>
          {(countries.data ?? [{ id: 0, code: value.country, name: value.country }]).map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
        </select>
      </label>
      <label className="sf-field">
        <span>State or region</span>
        {states.data && states.data.length > 0 ? (
          <select name={`${prefix}State`} value={value.state} onChange={(e) => onChange({ ...value, state: e.target.value })} required>
            <option value="">Choose…</option>
            {states.data.map((s) => <option key={s.code} value={s.code}>{s.name}</option>)}
          </select>
        ) : (
          <input name={`${prefix}State`} value={value.state} onChange={(e) => onChange({ ...value, state: e.target.value })} />
        )}
        {errors[`${prefix}State`]?.map((m) => <span key={m} className="sf-field-error">{m}</span>)}
      </label>
    </fieldset>
  );
}
