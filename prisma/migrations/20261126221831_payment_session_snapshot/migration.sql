-- AlterTable
ALTER TABLE "PaymentSession" ADD COLUMN "amount" DECIMAL;
ALTER TABLE "PaymentSession" ADD COLUMN "currencyCode" TEXT;
ALTER TABLE "PaymentSession" ADD COLUMN "lines" JSONB;
