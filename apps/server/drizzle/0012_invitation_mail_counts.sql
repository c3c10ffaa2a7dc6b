-- Issue 29.4: a per-account daily cap on invitation mails, counted here so it holds across nodes
-- (classes/invitationBudget.ts, INVITATION_MAILS_PER_DAY).
CREATE TABLE "invitation_mail_counts" (
	"inviter_uid" text PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
