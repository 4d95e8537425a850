CREATE TABLE `issued_tokens` (
	`id` varchar(64) NOT NULL,
	`user_id` varchar(255) NOT NULL,
	`kind` varchar(16) NOT NULL,
	`issued_at` bigint NOT NULL,
	`expires_at` bigint NOT NULL,
	`not_before` bigint,
	`revoked_at` bigint,
	`network` varchar(64),
	`label` varchar(255),
	`requesting_user_id` varchar(255) NOT NULL,
	`requesting_ip` varchar(64) NOT NULL,
	CONSTRAINT `issued_tokens_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
ALTER TABLE `issued_tokens` ADD CONSTRAINT `issued_tokens_user_id_users_user_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `issued_tokens_user` ON `issued_tokens` (`user_id`,`kind`);--> statement-breakpoint
CREATE INDEX `issued_tokens_expires_at` ON `issued_tokens` (`expires_at`);