CREATE TABLE `menu_links` (
	`identifier` text NOT NULL,
	`variant` text NOT NULL,
	`inode` text NOT NULL,
	`host_id` text NOT NULL,
	`folder` text NOT NULL,
	`title` text NOT NULL,
	`friendly_name` text NOT NULL,
	`link_type` text NOT NULL,
	`protocol` text NOT NULL,
	`url` text NOT NULL,
	`internal_link_identifier` text NOT NULL,
	`link_code` text NOT NULL,
	`target` text NOT NULL,
	`show_on_menu` integer NOT NULL,
	`sort_order` integer NOT NULL,
	`owner` text NOT NULL,
	`mod_user` text NOT NULL,
	`mod_date` integer NOT NULL,
	`i_date` integer NOT NULL,
	PRIMARY KEY(`identifier`, `variant`)
);
--> statement-breakpoint
CREATE INDEX `menu_links_folder` ON `menu_links` (`host_id`,`folder`,`variant`,`sort_order`);