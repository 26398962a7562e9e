-- AlterTable
ALTER TABLE "PaymentSession" ADD COLUMN     "amount" DECIMAL(65,30),
ADD COLUMN     "currencyCode" TEXT,
ADD COLUMN     "lines" JSONB;
