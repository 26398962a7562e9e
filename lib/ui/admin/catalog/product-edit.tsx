"use client";
// The product screens around the form: a new product (or a new variant of a configurable, `?parent=12`), and an
// existing one read with its ETag, with its images (upload, order, removal) and, for a configurable product, its
// variants.
import { useState } from "react";
import Link from "next/link";
import { useParams, useRouter, useSearchParams } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../api-error";
import { can, useSignedIn } from "../api";
import { adminApi, ifMatch, ok, versioned } from "../client";
import { Empty, ErrorNotice, Field, Loading } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { baseCurrency, money, productKey, productsKey, stockText, useAttributes, useChannels, type Product } from "./product-data";
import { ProductForm } from "./product-form";
import "./catalog.css";

const readProduct = (id: number) => versioned(adminApi.GET("/api/admin/catalog/products/{id}", { params: { path: { id } } }));

export function NewProduct() {
  const router = useRouter();
  const client = useQueryClient();
  const parentId = Number(useSearchParams().get("parent")) || null;
  const channels = useChannels();
  const parent = useQuery({ queryKey: parentId ? productKey(parentId) : ["none"], queryFn: () => readProduct(parentId!), enabled: parentId !== null });
  const waiting = (channels.isPending && channels.fetchStatus !== "idle") || (parentId !== null && parent.isPending);
  return (
    <>
      <p className="pr-back"><Link href={parentId ? `/admin/catalog/products/${parentId}` : "/admin/catalog/products"}>← {parentId ? "Back to the product" : "Products"}</Link></p>
      <h1>{parent.data ? `New variant of ${parent.data.value.name}` : "New product"}</h1>
      {parent.error ? <ErrorNotice error={parent.error} /> : waiting ? <Loading what="the form" /> : (
        <ProductForm
          product={null}
          etag={null}
          parent={parent.data?.value ?? null}
          onSaved={async (id) => {
            await client.invalidateQueries({ queryKey: productsKey });
            router.replace(`/admin/catalog/products/${id}`);
          }}
        />
      )}
    </>
  );
}

export function EditProduct() {
  const id = Number(useParams<{ id: string }>().id);
  const session = useSignedIn();
  const router = useRouter();
  const client = useQueryClient();
  const notify = useNotify();
  const [dirty, setDirty] = useState(false);
  const read = useQuery({ queryKey: productKey(id), queryFn: () => readProduct(id), enabled: Number.isInteger(id) && id > 0 });
  const remove = useMutation({
    mutationFn: (p: Product) => ok(adminApi.DELETE("/api/admin/catalog/products/{id}", { params: { path: { id: p.id } }, headers: ifMatch(read.data?.etag) })),
    onSuccess: async (_, p) => {
      notify(`Product ${p.sku} deleted.`);
      client.removeQueries({ queryKey: productKey(p.id) });
      await client.invalidateQueries({ queryKey: productsKey });
      router.replace(p.parentId ? `/admin/catalog/products/${p.parentId}` : "/admin/catalog/products");
    },
  });
  if (read.isPending) return <><h1>Product</h1><Loading what="the product" /></>;
  if (read.isError) return <><h1>Product</h1><ErrorNotice error={read.error} /></>;
  const { value: product, etag } = read.data;
  const canEdit = can(session, "catalog.products.edit");
  return (
    <>
      <p className="pr-back">
        <Link href={product.parentId ? `/admin/catalog/products/${product.parentId}` : "/admin/catalog/products"}>← {product.parentId ? "Back to its configurable product" : "Products"}</Link>
      </p>
      <div className="pr-heading-row">
        <h1>{product.name}</h1>
        {can(session, "catalog.products.delete") && (
          <ConfirmButton
            label="Delete product"
            question={`Delete ${product.name} (${product.sku})${product.type === "configurable" ? " and its variants" : ""}? This cannot be undone.`}
            confirmLabel="Yes, delete it"
            disabled={remove.isPending}
            onConfirm={() => remove.mutate(product)}
          />
        )}
      </div>
      <p className="ap-muted">
        {product.parentId ? `Variant of product #${product.parentId}` : `A ${product.type} product`} · SKU <code>{product.sku}</code> · #{product.id}
      </p>
      <ErrorNotice error={remove.error} />
      {product.type === "configurable" && <Variants product={product} canCreate={can(session, "catalog.products.create")} />}
      {/* Keyed by the version read: a save, an upload or a reload starts the form over from what the server holds. */}
      <ProductForm
        key={product.updatedAt}
        product={product}
        etag={etag}
        onDirty={setDirty}
        onReload={() => void read.refetch()}
        onSaved={() => Promise.all([client.invalidateQueries({ queryKey: productKey(id) }), client.invalidateQueries({ queryKey: productsKey })])}
      />
      <Images product={product} etag={etag} canEdit={canEdit} blocked={dirty} />
    </>
  );
}

function Images({ product, etag, canEdit, blocked }: { product: Product; etag: string | null; canEdit: boolean; blocked: boolean }) {
  const client = useQueryClient();
  const notify = useNotify();
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: productKey(product.id) }), client.invalidateQueries({ queryKey: productsKey })]);
  // The order (and removal) is a product update listing the images to keep, sent with the version read.
  const arrange = useMutation({
    mutationFn: ({ ids }: { ids: number[]; done: string }) =>
      ok(adminApi.PATCH("/api/admin/catalog/products/{id}", { params: { path: { id: product.id } }, headers: ifMatch(etag), body: { images: ids } })),
    onSuccess: async (_, { done }) => {
      notify(done);
      await refresh();
    },
  });
  const ids = product.images.map((img) => img.id);
  const moved = (from: number, to: number) => {
    const next = [...ids];
    next.splice(to, 0, ...next.splice(from, 1));
    return next;
  };
  const [files, setFiles] = useState<File[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const upload = useMutation({
    mutationFn: () => {
      const form = new FormData();
      for (const f of files) form.append("images", f);
      return ok(adminApi.POST("/api/admin/catalog/products/{id}/images", { params: { path: { id: product.id } }, body: form as never, bodySerializer: (b) => b as FormData }));
    },
    onSuccess: async () => {
      notify(`${files.length} image${files.length > 1 ? "s" : ""} added to ${product.sku}.`);
      setFiles([]);
      setInputKey((k) => k + 1);
      await refresh();
    },
  });
  return (
    <section className="ap-card pr-product-section" aria-labelledby="product-images">
      <h2 id="product-images">Images</h2>
      {product.images.length === 0 ? <Empty>No images yet.</Empty> : (
        <ol className="pr-images">
          {product.images.map((img, i) => (
            <li key={img.id}>
              <img src={img.url} alt={`Image ${i + 1} of ${product.name}`} width={120} height={120} loading="lazy" />
              <span className="ap-muted">#{i + 1}{i === 0 ? " (main)" : ""}</span>
              {canEdit && (
                <span className="ap-actions">
                  <button type="button" className="ap-secondary" aria-label={`Move image ${i + 1} earlier`} disabled={i === 0 || blocked || arrange.isPending}
                    onClick={() => arrange.mutate({ ids: moved(i, i - 1), done: `Image ${i + 1} of ${product.sku} moved to place ${i}.` })}>←</button>
                  <button type="button" className="ap-secondary" aria-label={`Move image ${i + 1} later`} disabled={i === ids.length - 1 || blocked || arrange.isPending}
                    onClick={() => arrange.mutate({ ids: moved(i, i + 1), done: `Image ${i + 1} of ${product.sku} moved to place ${i + 2}.` })}>→</button>
                  <ConfirmButton label={`Remove image ${i + 1}`} question="Remove this image from the product?" confirmLabel="Yes, remove it" disabled={blocked || arrange.isPending}
                    onConfirm={() => arrange.mutate({ ids: ids.filter((id) => id !== img.id), done: `Image ${i + 1} removed from ${product.sku}.` })} />
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      <p className="ap-muted">The shop shows the images in this order, the first as the main one; new images go last.{blocked ? " Save the product's changes before arranging them." : ""}</p>
      <ErrorNotice error={arrange.error} />
      {canEdit && (
        <form className="ap-actions" aria-label="Upload images" onSubmit={(e) => { e.preventDefault(); upload.mutate(); }}>
          <Field label="Add images" hint={blocked ? "Save the product's changes first" : "PNG, JPEG, GIF or WebP, up to 5 MB each"} error={upload.error instanceof ApiError ? Object.values(upload.error.fields).flat() : undefined}>
            <input key={inputKey} name="images" type="file" multiple accept="image/png,image/jpeg,image/gif,image/webp" onChange={(e) => setFiles([...(e.target.files ?? [])])} />
          </Field>
          <button type="submit" disabled={!files.length || blocked || upload.isPending}>{upload.isPending ? "Uploading…" : "Upload"}</button>
        </form>
      )}
      <ErrorNotice error={upload.error} />
    </section>
  );
}

function Variants({ product, canCreate }: { product: Product; canCreate: boolean }) {
  const channels = useChannels();
  const attributes = useAttributes();
  const optionName = (code: string, id: number | null) => attributes.data?.find((a) => a.code === code)?.options.find((o) => o.id === id)?.adminName ?? `#${id}`;
  const variants = useQuery({
    queryKey: [...productsKey, { parent_id: product.id }],
    queryFn: () => ok(adminApi.GET("/api/admin/catalog/products", { params: { query: { parent_id: product.id, per_page: 50, sort: "id" } } })),
  });
  const currency = baseCurrency(channels.data);
  return (
    <section className="ap-card pr-product-section" aria-labelledby="product-variants">
      <h2 id="product-variants">Variants</h2>
      {variants.isPending ? <Loading what="the variants" /> : variants.isError ? <ErrorNotice error={variants.error} /> : variants.data.data.length === 0 ? (
        <Empty>No variants yet: a configurable product is sold through its variants.</Empty>
      ) : (
        <div className="ap-table-wrap">
          <table className="ap-table">
            <caption className="ap-sr-only">Variants of {product.name}</caption>
            <thead><tr><th scope="col">SKU</th><th scope="col">Options</th><th scope="col">Price</th><th scope="col">Stock</th><th scope="col">Status</th><th scope="col">Actions</th></tr></thead>
            <tbody>
              {variants.data.data.map((v) => (
                <tr key={v.id}>
                  <td data-label="SKU"><code>{v.sku}</code></td>
                  <td data-label="Options">{v.attributeValues.filter((a) => product.superAttributes.includes(a.attributeCode)).map((a) => `${a.attributeCode}: ${optionName(a.attributeCode, a.optionId)}`).join(", ") || "—"}</td>
                  <td data-label="Price">{money(v.price, currency)}</td>
                  <td data-label="Stock">{stockText(v, channels.data)}</td>
                  <td data-label="Status"><span className={`ap-badge ${v.status ? "active" : "inactive"}`}>{v.status ? "enabled" : "disabled"}</span></td>
                  <td className="ap-actions"><Link href={`/admin/catalog/products/${v.id}`} className="pr-button-link" aria-label={`Edit variant ${v.sku}`}>Edit</Link></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canCreate && <p><Link href={`/admin/catalog/products/new?parent=${product.id}`} className="pr-button-link">Add a variant</Link></p>}
    </section>
  );
}
