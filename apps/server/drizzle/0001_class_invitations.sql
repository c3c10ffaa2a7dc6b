CREATE TABLE "class_invitations" (
	"class_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"version" bigint DEFAULT nextval('live_version') NOT NULL,
	CONSTRAINT "class_invitations_class_id_email_role_pk" PRIMARY KEY("class_id","email","role"),
	CONSTRAINT "class_invitations_role_check" CHECK ("class_invitations"."role" in ('student', 'admin', 'instructor'))
);
--> statement-breakpoint
ALTER TABLE "class_invitations" ADD CONSTRAINT "class_invitations_class_id_classes_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_invitations_email_idx" ON "class_invitations" USING btree ("email");