-- The site tells the truth (issue 27, item 6): seeded texts reworded where the product differs.
-- Only rows that still hold the seeded text change: an admin's edit is kept.
UPDATE "poundline_editable_content" SET "content_value" = 'Every caller and texter becomes a contact automatically, with call history, messages, lead status, tags and follow-up dates in one place.', "updated_at" = now()
WHERE "content_key" = 'features_highlight_item3_desc' AND "content_value" = 'Every caller and texter becomes a contact automatically, with call history, messages, lead status, tags and follow-up reminders in one place.';
--> statement-breakpoint
UPDATE "faq_items" SET "answer" = 'Yes. Choose Port a number on the Phone Numbers screen: check that your numbers can be ported, give your current carrier''s account details, sign the letter of authorization online and follow each number''s status there. Porting usually takes 7-10 business days and your current service keeps working until the transfer completes.', "updated_at" = now()
WHERE "question" = 'Can I keep my existing business number?' AND "answer" = 'Yes. Request a port from the dashboard or contact support; porting usually takes 7-10 business days and your current service keeps working until the transfer completes.';
--> statement-breakpoint
UPDATE "faq_items" SET "answer" = 'Each number''s physical address is registered with our carrier for emergency (E911) services, so it must be a valid street address where the phone is used, not a PO box. Keep it current on the Phone Numbers screen.', "updated_at" = now()
WHERE "question" = 'Why do you need my physical address?' AND "answer" = 'Emergency (E911) calls are routed using the physical address registered for each number or user, so it must be a valid street address where the phone is used, not a PO box. Keep it current in Settings.';
--> statement-breakpoint
UPDATE "faq_items" SET "answer" = 'Yes. Local numbers can send and receive SMS and MMS; replies arrive in Messages and are saved to the contact''s history. Before carriers accept your texts, register your business from the console: A2P 10DLC for local numbers, toll-free verification for toll-free numbers.', "updated_at" = now()
WHERE "question" = 'Can I text from my business number?' AND "answer" = 'Yes. Local numbers can send and receive SMS and MMS; replies arrive in Messages and are saved to the contact''s history.';
--> statement-breakpoint
UPDATE "faq_items" SET "answer" = 'Make sure your number''s texting registration (A2P 10DLC or toll-free verification) is approved, that the recipient has not opted out, that the number is in E.164 format (+ and the country code: +1 followed by 10 digits in the US and Canada) and that your wallet has funds. Undelivered messages show the carrier''s error in the conversation.', "updated_at" = now()
WHERE "question" = 'My text messages are not being delivered.' AND "answer" = 'Make sure the recipient has not opted out, that the number is in E.164 format (+1 followed by 10 digits) and that your wallet has funds. Undelivered messages show the carrier''s error in the conversation.';
--> statement-breakpoint
UPDATE "faq_items" SET "answer" = 'Porting an existing number usually takes 7-10 business days. The Phone Numbers screen shows each number''s status and we email you at each change; keep your current service active until the port completes.', "updated_at" = now()
WHERE "question" = 'How long does number porting take?' AND "answer" = 'Porting an existing number usually takes 7-10 business days. We will email you the confirmed date; keep your current service active until then.';
--> statement-breakpoint
UPDATE "faq_items" SET "answer" = 'No. Calls work in the browser, on a computer or on your phone once you install the console from the browser, and you can forward calls to any existing phone. A SIP desk phone or PBX can be rung from an extension by its SIP address.', "updated_at" = now()
WHERE "question" = 'Do I need special equipment?' AND "answer" = 'No. Calls work in the browser and the mobile app, and you can forward calls to any existing phone. Desk phones that support SIP can be added later.';
--> statement-breakpoint
UPDATE "faq_items" SET "answer" = 'Open Phone Numbers and buy one from the toll-free search, or use Request a Phone Number, choose Toll-Free Number and the quantity you need. Every paid plan includes toll-free numbers (the free trial has one local number); availability is subject to change.', "updated_at" = now()
WHERE "question" = 'How do I get a toll-free number?' AND "answer" = 'Use Request a Phone Number, choose Toll-Free Number and the quantity you need. Professional and Enterprise plans include toll-free numbers; availability is subject to change.';
