ALTER TABLE "products" ALTER COLUMN "product_billing_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "product_billing_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "product_billing_name" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "product_billing_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price_per_user" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price_per_user" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "ai_agent_cooperation_mode" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "ai_agent_cooperation_mode" DROP NOT NULL;