CREATE TABLE `content_type_workflows` (
	`content_type_id` text NOT NULL,
	`scheme_id` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`content_type_id`, `scheme_id`),
	FOREIGN KEY (`content_type_id`) REFERENCES `content_types`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `content_type_workflows_scheme` ON `content_type_workflows` (`scheme_id`);--> statement-breakpoint
CREATE TABLE `content_types` (
	`id` text PRIMARY KEY NOT NULL,
	`clazz` text NOT NULL,
	`base_type` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`variable` text NOT NULL,
	`variable_key` text NOT NULL,
	`host` text NOT NULL,
	`folder` text NOT NULL,
	`owner` text NOT NULL,
	`default_type` integer NOT NULL,
	`fixed` integer NOT NULL,
	`system` integer NOT NULL,
	`versionable` integer NOT NULL,
	`multilingualable` integer NOT NULL,
	`icon` text NOT NULL,
	`sort_order` integer NOT NULL,
	`mod_date` integer NOT NULL,
	`i_date` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_types_variable_key_unique` ON `content_types` (`variable_key`);--> statement-breakpoint
CREATE INDEX `content_types_name` ON `content_types` (`name`);--> statement-breakpoint
CREATE TABLE `fields` (
	`id` text PRIMARY KEY NOT NULL,
	`content_type_id` text NOT NULL,
	`clazz` text NOT NULL,
	`name` text NOT NULL,
	`variable` text NOT NULL,
	`variable_key` text NOT NULL,
	`data_type` text NOT NULL,
	`sort_order` integer NOT NULL,
	`regex_check` text,
	`default_value` text,
	`hint` text,
	`field_values` text,
	`required` integer NOT NULL,
	`searchable` integer NOT NULL,
	`indexed` integer NOT NULL,
	`listed` integer NOT NULL,
	`unique_value` integer NOT NULL,
	`read_only` integer NOT NULL,
	`fixed` integer NOT NULL,
	`relation_type` text,
	`field_variables` text NOT NULL,
	`mod_date` integer NOT NULL,
	`i_date` integer NOT NULL,
	FOREIGN KEY (`content_type_id`) REFERENCES `content_types`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fields_type_variable_unique` ON `fields` (`content_type_id`,`variable_key`);