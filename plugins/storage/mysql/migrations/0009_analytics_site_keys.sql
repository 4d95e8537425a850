CREATE TABLE `analytics_site_keys` (
	`site_id` varchar(255) NOT NULL,
	`key_hash` varchar(64) NOT NULL,
	`masked` varchar(300) NOT NULL,
	`created_at` bigint NOT NULL,
	`created_by` varchar(255) NOT NULL,
	CONSTRAINT `analytics_site_keys_site_id` PRIMARY KEY(`site_id`),
	CONSTRAINT `analytics_site_keys_key_hash_unique` UNIQUE(`key_hash`)
);
--> statement-breakpoint
ALTER TABLE `analytics_site_keys` ADD CONSTRAINT `analytics_site_keys_site_id_sites_identifier_fk` FOREIGN KEY (`site_id`) REFERENCES `sites`(`identifier`) ON DELETE cascade ON UPDATE no action;