-- A public storefront key is handed to every visitor (the reference storefront puts it in its pages), so its budget
-- is counted per client address.
ALTER TABLE "StorefrontKey" ADD COLUMN "isPublic" BOOLEAN NOT NULL DEFAULT false;

-- The reference storefront key was made with a site-wide 100,000 requests a minute. It becomes a public key with
-- the default budget at each address.
UPDATE "StorefrontKey" SET "isPublic" = true, "rateLimit" = NULL WHERE "name" = 'Reference storefront' AND "rateLimit" = 100000;
