CREATE TABLE `languages` (
	`id` int AUTO_INCREMENT NOT NULL,
	`language_code` varchar(16) NOT NULL,
	`country_code` varchar(16) NOT NULL,
	`language` varchar(255) NOT NULL,
	`country` varchar(255) NOT NULL,
	CONSTRAINT `languages_id` PRIMARY KEY(`id`),
	CONSTRAINT `languages_code_unique` UNIQUE(`language_code`,`country_code`)
);
--> statement-breakpoint
CREATE TABLE `roles` (
	`id` varchar(255) NOT NULL,
	`name` varchar(255) NOT NULL,
	`role_key` varchar(255) NOT NULL,
	`description` text NOT NULL,
	`system` boolean NOT NULL,
	`personal` boolean NOT NULL,
	CONSTRAINT `roles_id` PRIMARY KEY(`id`),
	CONSTRAINT `roles_role_key_unique` UNIQUE(`role_key`)
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` varchar(64) NOT NULL,
	`user_id` varchar(255) NOT NULL,
	`created_at` bigint NOT NULL,
	`last_seen_at` bigint NOT NULL,
	`expires_at` bigint NOT NULL,
	CONSTRAINT `sessions_token_hash` PRIMARY KEY(`token_hash`)
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`setting_key` varchar(255) NOT NULL,
	`setting_value` text NOT NULL,
	CONSTRAINT `settings_setting_key` PRIMARY KEY(`setting_key`)
);
--> statement-breakpoint
CREATE TABLE `sites` (
	`identifier` varchar(255) NOT NULL,
	`inode` varchar(255) NOT NULL,
	`site_name` varchar(255) NOT NULL,
	`site_name_key` varchar(255) NOT NULL,
	`aliases` text NOT NULL,
	`is_default` boolean NOT NULL,
	`system` boolean NOT NULL,
	`archived` boolean NOT NULL,
	`live` boolean NOT NULL,
	`mod_user` varchar(255) NOT NULL,
	`mod_date` bigint NOT NULL,
	CONSTRAINT `sites_identifier` PRIMARY KEY(`identifier`),
	CONSTRAINT `sites_site_name_key_unique` UNIQUE(`site_name_key`)
);
--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` varchar(255) NOT NULL,
	`role_id` varchar(255) NOT NULL,
	CONSTRAINT `user_roles_user_id_role_id_pk` PRIMARY KEY(`user_id`,`role_id`)
);
--> statement-breakpoint
CREATE TABLE `users` (
	`user_id` varchar(255) NOT NULL,
	`email` varchar(255) NOT NULL,
	`first_name` varchar(255) NOT NULL,
	`last_name` varchar(255) NOT NULL,
	`password_hash` varchar(255) NOT NULL,
	`active` boolean NOT NULL,
	`role_id` varchar(255) NOT NULL,
	`created_at` bigint NOT NULL,
	`mod_date` bigint NOT NULL,
	CONSTRAINT `users_user_id` PRIMARY KEY(`user_id`),
	CONSTRAINT `users_email_unique` UNIQUE(`email`)
);
--> statement-breakpoint
ALTER TABLE `sessions` ADD CONSTRAINT `sessions_user_id_users_user_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `user_roles` ADD CONSTRAINT `user_roles_user_id_users_user_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `user_roles` ADD CONSTRAINT `user_roles_role_id_roles_id_fk` FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `sessions_expires_at` ON `sessions` (`expires_at`);