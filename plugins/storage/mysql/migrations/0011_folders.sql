CREATE TABLE `folders` (
	`identifier` varchar(255) NOT NULL,
	`inode` varchar(255) NOT NULL,
	`host_id` varchar(255) NOT NULL,
	`path` varchar(255) NOT NULL,
	`parent_path` varchar(255) NOT NULL,
	`name` varchar(255) NOT NULL,
	`title` varchar(255) NOT NULL,
	`show_on_menu` boolean NOT NULL,
	`sort_order` int NOT NULL,
	`default_file_type` varchar(255),
	`files_masks` text NOT NULL,
	`owner` varchar(255) NOT NULL,
	`i_date` bigint NOT NULL,
	`mod_date` bigint NOT NULL,
	`mod_user` varchar(255) NOT NULL,
	CONSTRAINT `folders_identifier` PRIMARY KEY(`identifier`),
	CONSTRAINT `folders_path_unique` UNIQUE(`host_id`,`path`)
);
--> statement-breakpoint
CREATE INDEX `folders_children` ON `folders` (`host_id`,`parent_path`,`sort_order`);