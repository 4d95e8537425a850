CREATE TABLE `user_messages` (
	`id` varchar(64) NOT NULL,
	`user_id` varchar(255) NOT NULL,
	`text` text NOT NULL,
	`from_user_id` varchar(255) NOT NULL,
	`identifier` varchar(255),
	`created_at` bigint NOT NULL,
	`read_at` bigint,
	CONSTRAINT `user_messages_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
ALTER TABLE `user_messages` ADD CONSTRAINT `user_messages_user_id_users_user_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `user_messages_user` ON `user_messages` (`user_id`,`created_at`);