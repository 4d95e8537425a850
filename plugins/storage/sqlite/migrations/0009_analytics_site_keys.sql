CREATE TABLE `analytics_site_keys` (
	`site_id` text PRIMARY KEY NOT NULL,
	`key_hash` text NOT NULL,
	`masked` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`identifier`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `analytics_site_keys_key_hash_unique` ON `analytics_site_keys` (`key_hash`);