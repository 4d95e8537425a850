CREATE TABLE `folders` (
	`identifier` text PRIMARY KEY NOT NULL,
	`inode` text NOT NULL,
	`host_id` text NOT NULL,
	`path` text NOT NULL,
	`parent_path` text NOT NULL,
	`name` text NOT NULL,
	`title` text NOT NULL,
	`show_on_menu` integer NOT NULL,
	`sort_order` integer NOT NULL,
	`default_file_type` text,
	`files_masks` text NOT NULL,
	`owner` text NOT NULL,
	`i_date` integer NOT NULL,
	`mod_date` integer NOT NULL,
	`mod_user` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `folders_path_unique` ON `folders` (`host_id`,`path`);--> statement-breakpoint
CREATE INDEX `folders_children` ON `folders` (`host_id`,`parent_path`,`sort_order`);