CREATE TABLE `menu_links` (
	`identifier` varchar(255) NOT NULL,
	`variant` varchar(16) NOT NULL,
	`inode` varchar(255) NOT NULL,
	`host_id` varchar(255) NOT NULL,
	`folder` varchar(255) NOT NULL,
	`title` varchar(255) NOT NULL,
	`friendly_name` varchar(255) NOT NULL,
	`link_type` varchar(16) NOT NULL,
	`protocol` varchar(32) NOT NULL,
	`url` text NOT NULL,
	`internal_link_identifier` varchar(255) NOT NULL,
	`link_code` text NOT NULL,
	`target` varchar(16) NOT NULL,
	`show_on_menu` boolean NOT NULL,
	`sort_order` int NOT NULL,
	`owner` varchar(255) NOT NULL,
	`mod_user` varchar(255) NOT NULL,
	`mod_date` bigint NOT NULL,
	`i_date` bigint NOT NULL,
	CONSTRAINT `menu_links_identifier_variant_pk` PRIMARY KEY(`identifier`,`variant`)
);
--> statement-breakpoint
CREATE INDEX `menu_links_folder` ON `menu_links` (`host_id`,`folder`,`variant`,`sort_order`);