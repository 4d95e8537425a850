CREATE TABLE `content_type_workflows` (
	`content_type_id` varchar(255) NOT NULL,
	`scheme_id` varchar(255) NOT NULL,
	`position` int NOT NULL,
	CONSTRAINT `content_type_workflows_content_type_id_scheme_id_pk` PRIMARY KEY(`content_type_id`,`scheme_id`)
);
--> statement-breakpoint
CREATE TABLE `content_types` (
	`id` varchar(255) NOT NULL,
	`clazz` varchar(255) NOT NULL,
	`base_type` varchar(32) NOT NULL,
	`name` varchar(255) NOT NULL,
	`description` text NOT NULL,
	`variable` varchar(255) NOT NULL,
	`variable_key` varchar(255) NOT NULL,
	`host` varchar(255) NOT NULL,
	`folder` varchar(255) NOT NULL,
	`owner` varchar(255) NOT NULL,
	`default_type` boolean NOT NULL,
	`fixed` boolean NOT NULL,
	`system` boolean NOT NULL,
	`versionable` boolean NOT NULL,
	`multilingualable` boolean NOT NULL,
	`icon` varchar(255) NOT NULL,
	`sort_order` int NOT NULL,
	`mod_date` bigint NOT NULL,
	`i_date` bigint NOT NULL,
	CONSTRAINT `content_types_id` PRIMARY KEY(`id`),
	CONSTRAINT `content_types_variable_key_unique` UNIQUE(`variable_key`)
);
--> statement-breakpoint
CREATE TABLE `fields` (
	`id` varchar(255) NOT NULL,
	`content_type_id` varchar(255) NOT NULL,
	`clazz` varchar(255) NOT NULL,
	`name` varchar(255) NOT NULL,
	`variable` varchar(255) NOT NULL,
	`variable_key` varchar(255) NOT NULL,
	`data_type` varchar(32) NOT NULL,
	`sort_order` int NOT NULL,
	`regex_check` text,
	`default_value` text,
	`hint` text,
	`field_values` text,
	`required` boolean NOT NULL,
	`searchable` boolean NOT NULL,
	`indexed` boolean NOT NULL,
	`listed` boolean NOT NULL,
	`unique_value` boolean NOT NULL,
	`read_only` boolean NOT NULL,
	`fixed` boolean NOT NULL,
	`relation_type` varchar(255),
	`field_variables` text NOT NULL,
	`mod_date` bigint NOT NULL,
	`i_date` bigint NOT NULL,
	CONSTRAINT `fields_id` PRIMARY KEY(`id`),
	CONSTRAINT `fields_type_variable_unique` UNIQUE(`content_type_id`,`variable_key`)
);
--> statement-breakpoint
ALTER TABLE `content_type_workflows` ADD CONSTRAINT `content_type_workflows_content_type_id_content_types_id_fk` FOREIGN KEY (`content_type_id`) REFERENCES `content_types`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `fields` ADD CONSTRAINT `fields_content_type_id_content_types_id_fk` FOREIGN KEY (`content_type_id`) REFERENCES `content_types`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `content_type_workflows_scheme` ON `content_type_workflows` (`scheme_id`);--> statement-breakpoint
CREATE INDEX `content_types_name` ON `content_types` (`name`);