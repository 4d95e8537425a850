CREATE TABLE `categories` (
	`inode` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`category_key` text,
	`variable` text NOT NULL,
	`parent` text,
	`sort_order` integer NOT NULL,
	`mod_date` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_key_unique` ON `categories` (`category_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `categories_variable_unique` ON `categories` (`variable`);--> statement-breakpoint
CREATE INDEX `categories_parent` ON `categories` (`parent`);--> statement-breakpoint
CREATE TABLE `content_identifiers` (
	`identifier` text PRIMARY KEY NOT NULL,
	`content_type_id` text NOT NULL,
	`host` text NOT NULL,
	`folder` text NOT NULL,
	`parent_path` text NOT NULL,
	`asset_name` text,
	`owner` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `content_identifiers_type` ON `content_identifiers` (`content_type_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `content_identifiers_path_unique` ON `content_identifiers` (`host`,`parent_path`,`asset_name`);--> statement-breakpoint
CREATE TABLE `content_states` (
	`identifier` text NOT NULL,
	`language_id` integer NOT NULL,
	`working_inode` text NOT NULL,
	`live_inode` text,
	`archived` integer NOT NULL,
	`locked_by` text,
	`locked_at` integer,
	`mod_date` integer NOT NULL,
	PRIMARY KEY(`identifier`, `language_id`),
	FOREIGN KEY (`identifier`) REFERENCES `content_identifiers`(`identifier`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `content_unique_values` (
	`field_id` text NOT NULL,
	`language_id` integer NOT NULL,
	`value_hash` text NOT NULL,
	`identifier` text NOT NULL,
	PRIMARY KEY(`field_id`, `language_id`, `value_hash`),
	FOREIGN KEY (`identifier`) REFERENCES `content_identifiers`(`identifier`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `content_unique_values_identifier` ON `content_unique_values` (`identifier`);--> statement-breakpoint
CREATE TABLE `content_versions` (
	`inode` text PRIMARY KEY NOT NULL,
	`identifier` text NOT NULL,
	`language_id` integer NOT NULL,
	`title` text NOT NULL,
	`mod_user` text NOT NULL,
	`mod_date` integer NOT NULL,
	`sort_order` integer NOT NULL,
	`field_values` text NOT NULL,
	FOREIGN KEY (`identifier`) REFERENCES `content_identifiers`(`identifier`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `content_versions_identifier` ON `content_versions` (`identifier`,`language_id`);