CREATE TABLE `issued_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`issued_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`not_before` integer,
	`revoked_at` integer,
	`network` text,
	`label` text,
	`requesting_user_id` text NOT NULL,
	`requesting_ip` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `issued_tokens_user` ON `issued_tokens` (`user_id`,`kind`);--> statement-breakpoint
CREATE INDEX `issued_tokens_expires_at` ON `issued_tokens` (`expires_at`);