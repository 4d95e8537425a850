CREATE TABLE `permission_assets` (
	`asset_id` text PRIMARY KEY NOT NULL,
	`asset_kind` text NOT NULL,
	`mod_date` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `permission_grants` (
	`asset_id` text NOT NULL,
	`role_id` text NOT NULL,
	`bits` integer NOT NULL,
	PRIMARY KEY(`asset_id`, `role_id`),
	FOREIGN KEY (`asset_id`) REFERENCES `permission_assets`(`asset_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade
);
