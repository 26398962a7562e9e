-- CreateTable
CREATE TABLE "ProductGroupedLink" (
    "id" SERIAL NOT NULL,
    "productId" INTEGER NOT NULL,
    "associatedProductId" INTEGER NOT NULL,
    "qty" INTEGER NOT NULL DEFAULT 0,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProductGroupedLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductBundleOption" (
    "id" SERIAL NOT NULL,
    "productId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "isRequired" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProductBundleOption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductBundleOptionTranslation" (
    "id" SERIAL NOT NULL,
    "optionId" INTEGER NOT NULL,
    "locale" TEXT NOT NULL,
    "label" TEXT NOT NULL,

    CONSTRAINT "ProductBundleOptionTranslation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductBundleOptionProduct" (
    "id" SERIAL NOT NULL,
    "optionId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "qty" INTEGER NOT NULL DEFAULT 1,
    "isUserDefined" BOOLEAN NOT NULL DEFAULT false,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProductBundleOptionProduct_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProductGroupedLink_associatedProductId_idx" ON "ProductGroupedLink"("associatedProductId");

-- CreateIndex
CREATE UNIQUE INDEX "ProductGroupedLink_productId_associatedProductId_key" ON "ProductGroupedLink"("productId", "associatedProductId");

-- CreateIndex
CREATE INDEX "ProductBundleOption_productId_position_idx" ON "ProductBundleOption"("productId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "ProductBundleOptionTranslation_optionId_locale_key" ON "ProductBundleOptionTranslation"("optionId", "locale");

-- CreateIndex
CREATE INDEX "ProductBundleOptionProduct_productId_idx" ON "ProductBundleOptionProduct"("productId");

-- CreateIndex
CREATE UNIQUE INDEX "ProductBundleOptionProduct_optionId_productId_key" ON "ProductBundleOptionProduct"("optionId", "productId");

-- AddForeignKey
ALTER TABLE "ProductGroupedLink" ADD CONSTRAINT "ProductGroupedLink_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductGroupedLink" ADD CONSTRAINT "ProductGroupedLink_associatedProductId_fkey" FOREIGN KEY ("associatedProductId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductBundleOption" ADD CONSTRAINT "ProductBundleOption_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductBundleOptionTranslation" ADD CONSTRAINT "ProductBundleOptionTranslation_optionId_fkey" FOREIGN KEY ("optionId") REFERENCES "ProductBundleOption"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductBundleOptionProduct" ADD CONSTRAINT "ProductBundleOptionProduct_optionId_fkey" FOREIGN KEY ("optionId") REFERENCES "ProductBundleOption"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductBundleOptionProduct" ADD CONSTRAINT "ProductBundleOptionProduct_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
