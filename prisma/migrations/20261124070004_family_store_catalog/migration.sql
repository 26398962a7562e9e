-- AlterTable
ALTER TABLE "Locale" ADD COLUMN "logoPath" TEXT;

-- AlterTable
ALTER TABLE "Category" ADD COLUMN "additional" TEXT;

-- CreateTable
CREATE TABLE "ChannelTranslation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "channelId" INTEGER NOT NULL,
    "locale" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "maintenanceModeText" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ChannelTranslation_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ThemeCustomization" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "channelId" INTEGER NOT NULL,
    "themeCode" TEXT NOT NULL DEFAULT 'default',
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "status" INTEGER NOT NULL DEFAULT 1,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ThemeCustomization_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ThemeCustomizationTranslation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "themeCustomizationId" INTEGER NOT NULL,
    "locale" TEXT NOT NULL,
    "options" TEXT NOT NULL,
    CONSTRAINT "ThemeCustomizationTranslation_themeCustomizationId_fkey" FOREIGN KEY ("themeCustomizationId") REFERENCES "ThemeCustomization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Channel" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "hostname" TEXT,
    "defaultLocaleId" INTEGER NOT NULL,
    "baseCurrencyId" INTEGER NOT NULL,
    "rootCategoryId" INTEGER,
    "timezone" TEXT,
    "theme" TEXT NOT NULL DEFAULT 'default',
    "logoPath" TEXT,
    "faviconPath" TEXT,
    "isMaintenanceOn" BOOLEAN NOT NULL DEFAULT false,
    "allowedIps" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Channel_defaultLocaleId_fkey" FOREIGN KEY ("defaultLocaleId") REFERENCES "Locale" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Channel_baseCurrencyId_fkey" FOREIGN KEY ("baseCurrencyId") REFERENCES "Currency" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Channel_rootCategoryId_fkey" FOREIGN KEY ("rootCategoryId") REFERENCES "Category" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Channel" ("baseCurrencyId", "code", "createdAt", "defaultLocaleId", "description", "hostname", "id", "name", "rootCategoryId", "timezone", "updatedAt") SELECT "baseCurrencyId", "code", "createdAt", "defaultLocaleId", "description", "hostname", "id", "name", "rootCategoryId", "timezone", "updatedAt" FROM "Channel";
DROP TABLE "Channel";
ALTER TABLE "new_Channel" RENAME TO "Channel";
CREATE UNIQUE INDEX "Channel_code_key" ON "Channel"("code");
CREATE TABLE "new_Attribute" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "code" TEXT NOT NULL,
    "adminName" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "isRequired" BOOLEAN NOT NULL DEFAULT false,
    "isUnique" BOOLEAN NOT NULL DEFAULT false,
    "isFilterable" INTEGER NOT NULL DEFAULT 0,
    "isConfigurable" BOOLEAN NOT NULL DEFAULT false,
    "isVisibleOnFront" BOOLEAN NOT NULL DEFAULT false,
    "valuePerLocale" BOOLEAN NOT NULL DEFAULT false,
    "valuePerChannel" BOOLEAN NOT NULL DEFAULT false,
    "isComparable" BOOLEAN NOT NULL DEFAULT false,
    "isUserDefined" BOOLEAN NOT NULL DEFAULT true,
    "validation" TEXT,
    "regex" TEXT,
    "defaultValue" TEXT,
    "enableWysiwyg" BOOLEAN NOT NULL DEFAULT false,
    "swatchType" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Attribute" ("adminName", "code", "createdAt", "id", "isConfigurable", "isFilterable", "isRequired", "isUnique", "isVisibleOnFront", "position", "swatchType", "type", "updatedAt", "valuePerChannel", "valuePerLocale") SELECT "adminName", "code", "createdAt", "id", "isConfigurable", "isFilterable", "isRequired", "isUnique", "isVisibleOnFront", "position", "swatchType", "type", "updatedAt", "valuePerChannel", "valuePerLocale" FROM "Attribute";
DROP TABLE "Attribute";
ALTER TABLE "new_Attribute" RENAME TO "Attribute";
CREATE UNIQUE INDEX "Attribute_code_key" ON "Attribute"("code");
CREATE INDEX "Attribute_isFilterable_idx" ON "Attribute"("isFilterable");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "ChannelTranslation_channelId_locale_key" ON "ChannelTranslation"("channelId", "locale");

-- CreateIndex
CREATE INDEX "ThemeCustomization_channelId_status_sortOrder_idx" ON "ThemeCustomization"("channelId", "status", "sortOrder");

-- CreateIndex
CREATE UNIQUE INDEX "ThemeCustomizationTranslation_themeCustomizationId_locale_key" ON "ThemeCustomizationTranslation"("themeCustomizationId", "locale");
