// The Shop API records the storefront reads (WIRE.md names), only the fields it shows.
export interface Category { id: number; name: string; slug: string; description: string | null; children: Category[] }

export interface ProductRow {
  id: number; sku: string; type: string; name: string; urlKey: string; price: number; formattedPrice: string;
  formattedSpecialPrice: string | null; formattedMinimumPrice: string; minimumPrice: number; maximumPrice: number;
  new: boolean; featured: boolean; inStock: boolean; isSaleable: boolean; baseImageUrl: string | null; shortDescription: string | null;
}

export interface SuperAttribute { id: number; code: string; label: string; options: { id: number; label: string; swatchValue: string | null }[] }
export interface Variant { id: number; sku: string; name: string; price: number; formattedPrice: string; inStock: boolean; attributes: Record<string, number> }

export interface ProductDetail extends ProductRow {
  description: string | null;
  images: { id: number; url: string }[];
  attributeValues: { code: string; label: string; value: string | null }[];
  superAttributes?: SuperAttribute[];
  variants?: Variant[];
}

export interface Attribute { id: number; code: string; name: string; isFilterable: number; options: { id: number; label: string }[] }

export interface CartItem {
  id: number; productId: number; name: string; sku: string; quantity: number; formattedPrice: string; formattedTotal: string;
  options: { attributes?: Record<string, number> } | null; baseImageUrl: string | null; canChangeQty: boolean;
}

export interface Cart {
  id: number; cartToken: string | null; itemsCount: number; itemsQty: number; items: CartItem[]; couponCode: string | null;
  formattedSubtotal: string; formattedDiscountAmount: string; discountAmount: number; formattedTaxAmount: string;
  formattedShippingAmount: string; formattedGrandTotal: string; selectedShippingRate: string | null; paymentMethod: string | null;
  haveStockableItems: boolean; message?: string;
}

export interface ShippingRate { code: string; label: string; description: string | null; formattedPrice: string }
export interface PaymentMethod { method: string; title: string; description: string | null; offsite?: boolean }
export interface Country { id: number; code: string; name: string }
export interface State { id: number; code: string; name: string }

export interface OrderRow {
  id: number; incrementId: string; status: string; grandTotal: number; itemsCount: number; createdAt: string;
  shippingStatus: string | null; orderCurrencyCode: string | null; totalQtyOrdered: number | null;
}

export interface OrderDetail extends OrderRow {
  items: { id: number; sku: string; name: string; qtyOrdered: number; price: number; total: number }[];
  addresses: { id: number; addressType: string; firstName: string; lastName: string; address: string; city: string; state: string | null; country: string; postcode: string }[];
  payment: { method: string; methodTitle: string } | null;
  shippingTitle: string | null;
  subTotal: number; shippingAmount: number; taxAmount: number; discountAmount: number;
}

export interface ReturnRow { id: number; orderIncrementId: string; statusTitle: string; statusColor: string; item: { name: string; quantity: number } | null; createdAt: string }
