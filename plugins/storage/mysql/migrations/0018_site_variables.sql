CREATE TABLE `site_variables` (
	`id` varchar(255) NOT NULL,
	`site_id` varchar(255) NOT NULL,
	`name` varchar(255) NOT NULL,
	`variable_key` varbinary(1020) NOT NULL,
	`variable_value` text NOT NULL,
	`mod_user` varchar(255) NOT NULL,
	`created_at` bigint NOT NULL,
	`mod_date` bigint NOT NULL,
	CONSTRAINT `site_variables_id` PRIMARY KEY(`id`),
	CONSTRAINT `site_variables_site_key_unique` UNIQUE(`site_id`,`variable_key`)
);
--> statement-breakpoint
ALTER TABLE `site_variables` ADD CONSTRAINT `site_variables_site_id_sites_identifier_fk` FOREIGN KEY (`site_id`) REFERENCES `sites`(`identifier`) ON DELETE cascade ON UPDATE no action;