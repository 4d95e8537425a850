CREATE TABLE `permission_assets` (
	`asset_id` varchar(255) NOT NULL,
	`asset_kind` varchar(32) NOT NULL,
	`mod_date` bigint NOT NULL,
	CONSTRAINT `permission_assets_asset_id` PRIMARY KEY(`asset_id`)
);
--> statement-breakpoint
CREATE TABLE `permission_grants` (
	`asset_id` varchar(255) NOT NULL,
	`role_id` varchar(255) NOT NULL,
	`bits` int NOT NULL,
	CONSTRAINT `permission_grants_asset_id_role_id_pk` PRIMARY KEY(`asset_id`,`role_id`)
);
--> statement-breakpoint
ALTER TABLE `permission_grants` ADD CONSTRAINT `permission_grants_asset_id_permission_assets_asset_id_fk` FOREIGN KEY (`asset_id`) REFERENCES `permission_assets`(`asset_id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `permission_grants` ADD CONSTRAINT `permission_grants_role_id_roles_id_fk` FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON DELETE cascade ON UPDATE no action;