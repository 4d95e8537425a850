CREATE TABLE `site_variables` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`name` text NOT NULL,
	`variable_key` text NOT NULL,
	`variable_value` text NOT NULL,
	`mod_user` text NOT NULL,
	`created_at` integer NOT NULL,
	`mod_date` integer NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`identifier`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_variables_site_key_unique` ON `site_variables` (`site_id`,`variable_key`);