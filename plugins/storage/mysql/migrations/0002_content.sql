CREATE TABLE `categories` (
	`inode` varchar(255) NOT NULL,
	`name` varchar(255) NOT NULL,
	`category_key` varchar(255),
	`variable` varchar(255) NOT NULL,
	`parent` varchar(255),
	`sort_order` int NOT NULL,
	`mod_date` bigint NOT NULL,
	CONSTRAINT `categories_inode` PRIMARY KEY(`inode`),
	CONSTRAINT `categories_key_unique` UNIQUE(`category_key`),
	CONSTRAINT `categories_variable_unique` UNIQUE(`variable`)
);
--> statement-breakpoint
CREATE TABLE `content_identifiers` (
	`identifier` varchar(255) NOT NULL,
	`content_type_id` varchar(255) NOT NULL,
	`host` varchar(255) NOT NULL,
	`folder` varchar(255) NOT NULL,
	`parent_path` varchar(255) NOT NULL,
	`asset_name` varchar(255),
	`owner` varchar(255) NOT NULL,
	`created_at` bigint NOT NULL,
	CONSTRAINT `content_identifiers_identifier` PRIMARY KEY(`identifier`),
	CONSTRAINT `content_identifiers_path_unique` UNIQUE(`host`,`parent_path`,`asset_name`)
);
--> statement-breakpoint
CREATE TABLE `content_states` (
	`identifier` varchar(255) NOT NULL,
	`language_id` int NOT NULL,
	`working_inode` varchar(255) NOT NULL,
	`live_inode` varchar(255),
	`archived` boolean NOT NULL,
	`locked_by` varchar(255),
	`locked_at` bigint,
	`mod_date` bigint NOT NULL,
	CONSTRAINT `content_states_identifier_language_id_pk` PRIMARY KEY(`identifier`,`language_id`)
);
--> statement-breakpoint
CREATE TABLE `content_unique_values` (
	`field_id` varchar(255) NOT NULL,
	`language_id` int NOT NULL,
	`value_hash` varchar(64) NOT NULL,
	`identifier` varchar(255) NOT NULL,
	CONSTRAINT `content_unique_values_field_id_language_id_value_hash_pk` PRIMARY KEY(`field_id`,`language_id`,`value_hash`)
);
--> statement-breakpoint
CREATE TABLE `content_versions` (
	`inode` varchar(255) NOT NULL,
	`identifier` varchar(255) NOT NULL,
	`language_id` int NOT NULL,
	`title` text NOT NULL,
	`mod_user` varchar(255) NOT NULL,
	`mod_date` bigint NOT NULL,
	`sort_order` int NOT NULL,
	`field_values` longtext NOT NULL,
	CONSTRAINT `content_versions_inode` PRIMARY KEY(`inode`)
);
--> statement-breakpoint
ALTER TABLE `content_states` ADD CONSTRAINT `content_states_identifier_content_identifiers_identifier_fk` FOREIGN KEY (`identifier`) REFERENCES `content_identifiers`(`identifier`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `content_unique_values` ADD CONSTRAINT `content_unique_values_identifier_fk` FOREIGN KEY (`identifier`) REFERENCES `content_identifiers`(`identifier`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `content_versions` ADD CONSTRAINT `content_versions_identifier_content_identifiers_identifier_fk` FOREIGN KEY (`identifier`) REFERENCES `content_identifiers`(`identifier`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `categories_parent` ON `categories` (`parent`);--> statement-breakpoint
CREATE INDEX `content_identifiers_type` ON `content_identifiers` (`content_type_id`);--> statement-breakpoint
CREATE INDEX `content_unique_values_identifier` ON `content_unique_values` (`identifier`);--> statement-breakpoint
CREATE INDEX `content_versions_identifier` ON `content_versions` (`identifier`,`language_id`);