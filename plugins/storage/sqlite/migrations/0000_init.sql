CREATE TABLE `languages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`language_code` text NOT NULL,
	`country_code` text NOT NULL,
	`language` text NOT NULL,
	`country` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `languages_code_unique` ON `languages` (`language_code`,`country_code`);--> statement-breakpoint
CREATE TABLE `roles` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`role_key` text NOT NULL,
	`description` text NOT NULL,
	`system` integer NOT NULL,
	`personal` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `roles_role_key_unique` ON `roles` (`role_key`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_expires_at` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`setting_key` text PRIMARY KEY NOT NULL,
	`setting_value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sites` (
	`identifier` text PRIMARY KEY NOT NULL,
	`inode` text NOT NULL,
	`site_name` text NOT NULL,
	`site_name_key` text NOT NULL,
	`aliases` text NOT NULL,
	`is_default` integer NOT NULL,
	`system` integer NOT NULL,
	`archived` integer NOT NULL,
	`live` integer NOT NULL,
	`mod_user` text NOT NULL,
	`mod_date` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sites_site_name_key_unique` ON `sites` (`site_name_key`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` text NOT NULL,
	`role_id` text NOT NULL,
	PRIMARY KEY(`user_id`, `role_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`user_id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`active` integer NOT NULL,
	`role_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`mod_date` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);