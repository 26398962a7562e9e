-- AlterTable
ALTER TABLE "Locale" ADD COLUMN     "logoPath" TEXT;

-- AlterTable
ALTER TABLE "Channel" ADD COLUMN     "allowedIps" TEXT,
ADD COLUMN     "faviconPath" TEXT,
ADD COLUMN     "isMaintenanceOn" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "logoPath" TEXT,
ADD COLUMN     "theme" TEXT NOT NULL DEFAULT 'default';

-- AlterTable
ALTER TABLE "Category" ADD COLUMN     "additional" TEXT;

-- AlterTable
ALTER TABLE "Attribute" ADD COLUMN     "defaultValue" TEXT,
ADD COLUMN     "enableWysiwyg" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "isComparable" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "isUserDefined" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "regex" TEXT,
ADD COLUMN     "validation" TEXT;

-- CreateTable
CREATE TABLE "ChannelTranslation" (
    "id" SERIAL NOT NULL,
    "channelId" INTEGER NOT NULL,
    "locale" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "maintenanceModeText" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ChannelTranslation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ThemeCustomization" (
    "id" SERIAL NOT NULL,
    "channelId" INTEGER NOT NULL,
    "themeCode" TEXT NOT NULL DEFAULT 'default',
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "status" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ThemeCustomization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ThemeCustomizationTranslation" (
    "id" SERIAL NOT NULL,
    "themeCustomizationId" INTEGER NOT NULL,
    "locale" TEXT NOT NULL,
    "options" TEXT NOT NULL,

    CONSTRAINT "ThemeCustomizationTranslation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ChannelTranslation_channelId_locale_key" ON "ChannelTranslation"("channelId", "locale");

-- CreateIndex
CREATE INDEX "ThemeCustomization_channelId_status_sortOrder_idx" ON "ThemeCustomization"("channelId", "status", "sortOrder");

-- CreateIndex
CREATE UNIQUE INDEX "ThemeCustomizationTranslation_themeCustomizationId_locale_key" ON "ThemeCustomizationTranslation"("themeCustomizationId", "locale");

-- AddForeignKey
ALTER TABLE "ChannelTranslation" ADD CONSTRAINT "ChannelTranslation_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ThemeCustomization" ADD CONSTRAINT "ThemeCustomization_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ThemeCustomizationTranslation" ADD CONSTRAINT "ThemeCustomizationTranslation_themeCustomizationId_fkey" FOREIGN KEY ("themeCustomizationId") REFERENCES "ThemeCustomization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
