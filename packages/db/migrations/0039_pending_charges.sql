CREATE TABLE "pending_charges" (
	"account_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pending_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"call_log_id" text NOT NULL,
	CONSTRAINT "pending_charges_account_id_id_pk" PRIMARY KEY("account_id","id")
);
