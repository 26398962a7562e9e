// Where `npm start` keeps the demo store's storefront key, which it prints and a development start's Shop GraphiQL
// fills in: DEMO_STOREFRONT_KEY_FILE, default data/demo-storefront-key.txt (relative to the working directory).
import path from "node:path";

export const demoKeyFile = () => process.env.DEMO_STOREFRONT_KEY_FILE || path.join("data", "demo-storefront-key.txt");
