// Pictures for the demo store, drawn at seed time: one PNG per product and colour, and a logo and a banner per
// category, so every image URL the APIs answer points at a real picture. Each picture is a flat silhouette of the
// kind of thing sold (a shirt, trousers, a shoe…) in the product's colour, anti-aliased by scanline coverage.
import fs from "node:fs/promises";
import path from "node:path";
import { PNG } from "pngjs";
import { STORAGE_DIR } from "../storage/files.ts";
import type { ColorName } from "./attributes.ts";

type Rgb = readonly [number, number, number];
/** A closed outline in a 100 × 100 box; a layer's outlines fill by the even-odd rule (so an inner one is a hole). */
type Ring = ReadonlyArray<readonly [number, number]>;
/** Outlines in one shade of the picture's colour (1: the colour, below 1 darker, above 1 lighter). */
interface Layer {
  rings: Ring[];
  shade: number;
}

const COLOURS: Record<ColorName, Rgb> = {
  Red: [196, 42, 52],
  Green: [46, 139, 87],
  Blue: [42, 86, 178],
  Black: [38, 38, 44],
  White: [240, 240, 236],
};
/** Products sold without a colour (electronics, digital goods) and categories. */
const NEUTRAL: Rgb = [84, 104, 134];

function circle(cx: number, cy: number, r: number, from = 0, to = 2 * Math.PI, steps = 48): [number, number][] {
  return Array.from({ length: steps + 1 }, (_, i) => {
    const a = from + ((to - from) * i) / steps;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });
}
const rect = (x0: number, y0: number, x1: number, y1: number): Ring => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];

const SHAPES = {
  shirt: [{ shade: 1, rings: [[[30, 16], [41, 11], [45, 17], [55, 17], [59, 11], [70, 16], [88, 31], [79, 42], [70, 36], [70, 88], [30, 88], [30, 36], [21, 42], [12, 31]]] }],
  trousers: [{ shade: 1, rings: [[[32, 12], [68, 12], [73, 88], [56, 88], [50, 42], [44, 88], [27, 88]]] }],
  dress: [{ shade: 1, rings: [[[41, 10], [59, 10], [57, 32], [76, 88], [24, 88], [43, 32]]] }],
  shoe: [
    { shade: 1, rings: [[[14, 52], [44, 52], [54, 40], [63, 40], [68, 58], [88, 65], [88, 74], [14, 74]]] },
    { shade: 0.7, rings: [rect(14, 74, 88, 80)] },
  ],
  bag: [
    { shade: 0.75, rings: [circle(50, 36, 16, Math.PI, 2 * Math.PI), circle(50, 36, 11, Math.PI, 2 * Math.PI)] },
    { shade: 1, rings: [rect(24, 36, 76, 86)] },
    { shade: 0.75, rings: [rect(24, 50, 76, 54)] },
  ],
  watch: [
    { shade: 0.7, rings: [rect(41, 8, 59, 92)] },
    { shade: 1, rings: [circle(50, 50, 22)] },
    { shade: 1.6, rings: [circle(50, 50, 17)] },
    { shade: 0.5, rings: [rect(49, 36, 51, 51), rect(49, 49, 60, 51)] },
  ],
  pendant: [
    { shade: 0.7, rings: [circle(50, 30, 24, 0, Math.PI), circle(50, 30, 22, 0, Math.PI)] },
    { shade: 1, rings: [[[50, 54], [62, 68], [50, 84], [38, 68]]] },
  ],
  hat: [
    { shade: 1, rings: [circle(50, 66, 30, Math.PI, 2 * Math.PI)] },
    { shade: 0.75, rings: [rect(18, 64, 82, 78)] },
    { shade: 1, rings: [circle(50, 32, 6)] },
  ],
  device: [
    { shade: 1, rings: [rect(30, 10, 70, 90)] },
    { shade: 1.7, rings: [rect(34, 16, 66, 80)] },
    { shade: 0.6, rings: [circle(50, 85, 2.5)] },
  ],
  laptop: [
    { shade: 1, rings: [rect(20, 22, 80, 64)] },
    { shade: 1.7, rings: [rect(24, 26, 76, 60)] },
    { shade: 0.75, rings: [[[12, 66], [88, 66], [82, 74], [18, 74]]] },
  ],
  headphones: [
    { shade: 1, rings: [circle(50, 52, 32, Math.PI, 2 * Math.PI), circle(50, 52, 26, Math.PI, 2 * Math.PI)] },
    { shade: 0.8, rings: [rect(14, 50, 28, 76), rect(72, 50, 86, 76)] },
  ],
  camera: [
    { shade: 1, rings: [rect(16, 30, 84, 78), rect(30, 22, 48, 30)] },
    { shade: 0.5, rings: [circle(50, 54, 17)] },
    { shade: 1.6, rings: [circle(50, 54, 10)] },
  ],
  document: [
    { shade: 1, rings: [[[28, 10], [62, 10], [74, 22], [74, 90], [28, 90]]] },
    { shade: 1.7, rings: [rect(35, 34, 67, 37), rect(35, 44, 67, 47), rect(35, 54, 67, 57), rect(35, 64, 58, 67)] },
  ],
  grid: [{ shade: 1, rings: [rect(20, 20, 46, 46), rect(54, 20, 80, 46), rect(20, 54, 46, 80), rect(54, 54, 80, 80)] }],
} satisfies Record<string, Layer[]>;

type Shape = keyof typeof SHAPES;

/** The silhouette for a category key of the demo tree (its own key or its department's). */
function shapeOf(categoryKey: string | undefined): Shape {
  const key = categoryKey ?? "";
  const rules: [RegExp, Shape][] = [
    [/jeans/, "trousers"],
    [/shoes|socks/, "shoe"],
    [/dresses|skirts/, "dress"],
    [/bags/, "bag"],
    [/watches/, "watch"],
    [/jewelry/, "pendant"],
    [/hats/, "hat"],
    [/phones/, "device"],
    [/laptops/, "laptop"],
    [/audio/, "headphones"],
    [/cameras/, "camera"],
    [/^dg-|digital/, "document"],
    [/^men|^women|^kids/, "shirt"],
  ];
  return rules.find(([pattern]) => pattern.test(key))?.[1] ?? "grid";
}

const SUB = 4; // coverage samples per pixel row

/** Draws layers over a soft background in `colour`; `width` × `height` pixels, the 100-unit box centred. */
function draw(layers: Layer[], colour: Rgb, width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  const scale = Math.min(width, height) / 100;
  const ox = (width - 100 * scale) / 2;
  const oy = (height - 100 * scale) / 2;
  const tint = (c: number, f: number) => Math.round(f <= 1 ? c * f : c + (255 - c) * Math.min(1, (f - 1) * 1.2));
  const light = colour.reduce((s, c) => s + c, 0) / 3 > 200;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // A light backdrop, a little darker towards the bottom; darker for a white subject so it stands out.
      const base = (light ? 214 : 244) - (10 * y) / height;
      const i = (y * width + x) * 4;
      png.data[i] = base;
      png.data[i + 1] = base;
      png.data[i + 2] = base + 4;
      png.data[i + 3] = 255;
    }
  }
  const coverage = new Float32Array(width * height);
  const paint = (layer: Layer, dx: number, dy: number, rgb: Rgb, alpha: number) => {
    const rings = layer.rings.map((ring) => ring.map(([x, y]) => [ox + (x + dx) * scale, oy + (y + dy) * scale] as const));
    // Only the rows and columns the outlines span are touched.
    const ys = rings.flat().map(([, y]) => y);
    const xs0 = rings.flat().map(([x]) => x);
    const top = Math.max(0, Math.floor(Math.min(...ys)));
    const bottom = Math.min(height, Math.ceil(Math.max(...ys)));
    const left = Math.max(0, Math.floor(Math.min(...xs0)));
    const right = Math.min(width, Math.ceil(Math.max(...xs0)));
    for (let y = top; y < bottom; y++) coverage.fill(0, y * width + left, y * width + right);
    for (let sy = top * SUB; sy < bottom * SUB; sy++) {
      const yy = (sy + 0.5) / SUB;
      const xs: number[] = [];
      for (const ring of rings) {
        for (let k = 0; k < ring.length; k++) {
          const [x0, y0] = ring[k];
          const [x1, y1] = ring[(k + 1) % ring.length];
          if ((y0 <= yy && y1 > yy) || (y1 <= yy && y0 > yy)) xs.push(x0 + ((yy - y0) / (y1 - y0)) * (x1 - x0));
        }
      }
      xs.sort((a, b) => a - b);
      const row = Math.floor(sy / SUB) * width;
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, xs[k]);
        const to = Math.min(width, xs[k + 1]);
        for (let px = Math.floor(from); px < to; px++) {
          coverage[row + px] += (Math.min(to, px + 1) - Math.max(from, px)) / SUB;
        }
      }
    }
    for (let y = top; y < bottom; y++) {
      for (let p = y * width + left; p < y * width + right; p++) {
        const a = Math.min(1, coverage[p]) * alpha;
        if (a <= 0) continue;
        for (let c = 0; c < 3; c++) png.data[p * 4 + c] = Math.round(png.data[p * 4 + c] * (1 - a) + rgb[c] * a);
      }
    }
  };
  for (const layer of layers) paint(layer, 1.5, 1.5, [60, 60, 70], 0.18); // a soft drop shadow
  for (const layer of layers) paint(layer, 0, 0, colour.map((c) => tint(c, layer.shade)) as unknown as Rgb, 1);
  return PNG.sync.write(png, { deflateLevel: 3 });
}

/** Writes `bytes` at a storage path (relative to STORAGE_DIR, `/`-separated). */
async function write(relative: string, bytes: Buffer): Promise<void> {
  const full = path.join(STORAGE_DIR, ...relative.split("/"));
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, bytes);
}

/** Each distinct picture is drawn once: many products share a silhouette and a colour. */
const drawn = new Map<string, Buffer>();
function picture(shape: Shape, colour: Rgb, width: number, height: number): Buffer {
  const key = `${shape}:${colour.join(",")}:${width}x${height}`;
  let bytes = drawn.get(key);
  if (!bytes) drawn.set(key, (bytes = draw(SHAPES[shape], colour, width, height)));
  return bytes;
}

export interface PictureSubject {
  productId: number;
  /** The demo tree's key of the product's first category. */
  category: string | undefined;
  /** The product's colours, in image order: one for a simple product or variant, each variant's for a parent. */
  colours: (ColorName | undefined)[];
}

/** Writes the product pictures and answers their image rows (`product/<id>/<n>.png`, positions from 1). */
export async function drawProductPictures(subjects: PictureSubject[]) {
  const rows: { productId: number; type: string; path: string; position: number }[] = [];
  for (const s of subjects) {
    const colours = s.colours.length ? s.colours : [undefined];
    for (const [i, name] of colours.entries()) {
      const file = `product/${s.productId}/${i + 1}.png`;
      await write(file, picture(shapeOf(s.category), name ? COLOURS[name] : NEUTRAL, 480, 480));
      rows.push({ productId: s.productId, type: "images", path: file, position: i + 1 });
    }
  }
  return rows;
}

/** Writes a category's logo (square) and banner (wide); answers their storage paths. */
export async function drawCategoryPictures(categoryId: number, key: string) {
  const logoPath = `category/${categoryId}/logo.png`;
  const bannerPath = `category/${categoryId}/banner.png`;
  await write(logoPath, picture(shapeOf(key), NEUTRAL, 200, 200));
  await write(bannerPath, picture(shapeOf(key), NEUTRAL, 1200, 300));
  return { logoPath, bannerPath };
}
