-- AlterTable
ALTER TABLE "ContactMessage" ADD COLUMN "handledAt" DATETIME;
ALTER TABLE "ContactMessage" ADD COLUMN "handledBy" INTEGER;
