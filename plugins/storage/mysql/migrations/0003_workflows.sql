CREATE TABLE `workflow_actionlets` (
	`id` varchar(255) NOT NULL,
	`action_id` varchar(255) NOT NULL,
	`clazz` varchar(255) NOT NULL,
	`name` varchar(255) NOT NULL,
	`actionlet_order` int NOT NULL,
	`parameters` text NOT NULL,
	CONSTRAINT `workflow_actionlets_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `workflow_actions` (
	`id` varchar(255) NOT NULL,
	`scheme_id` varchar(255) NOT NULL,
	`name` varchar(255) NOT NULL,
	`action_condition` text NOT NULL,
	`next_step` varchar(255) NOT NULL,
	`next_assign` varchar(255) NOT NULL,
	`icon` varchar(255) NOT NULL,
	`role_hierarchy_for_assign` boolean NOT NULL,
	`assignable` boolean NOT NULL,
	`commentable` boolean NOT NULL,
	`action_order` int NOT NULL,
	`owner` varchar(255),
	`show_on` text NOT NULL,
	`who_can_use` text NOT NULL,
	CONSTRAINT `workflow_actions_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `workflow_history` (
	`id` varchar(255) NOT NULL,
	`identifier` varchar(255) NOT NULL,
	`language_id` int NOT NULL,
	`kind` varchar(16) NOT NULL,
	`entry_text` text NOT NULL,
	`action_id` varchar(255),
	`from_step_id` varchar(255),
	`to_step_id` varchar(255),
	`user_id` varchar(255) NOT NULL,
	`created_at` bigint NOT NULL,
	CONSTRAINT `workflow_history_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `workflow_schemes` (
	`id` varchar(255) NOT NULL,
	`name` varchar(255) NOT NULL,
	`description` text NOT NULL,
	`archived` boolean NOT NULL,
	`mandatory` boolean NOT NULL,
	`default_scheme` boolean NOT NULL,
	`entry_action_id` varchar(255),
	`system` boolean NOT NULL,
	`creation_date` bigint NOT NULL,
	`mod_date` bigint NOT NULL,
	CONSTRAINT `workflow_schemes_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `workflow_step_actions` (
	`step_id` varchar(255) NOT NULL,
	`action_id` varchar(255) NOT NULL,
	`position` int NOT NULL,
	CONSTRAINT `workflow_step_actions_step_id_action_id_pk` PRIMARY KEY(`step_id`,`action_id`)
);
--> statement-breakpoint
CREATE TABLE `workflow_steps` (
	`id` varchar(255) NOT NULL,
	`scheme_id` varchar(255) NOT NULL,
	`name` varchar(255) NOT NULL,
	`my_order` int NOT NULL,
	`resolved` boolean NOT NULL,
	`enable_escalation` boolean NOT NULL,
	`escalation_action` varchar(255),
	`escalation_time` int NOT NULL,
	`creation_date` bigint NOT NULL,
	CONSTRAINT `workflow_steps_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `workflow_tasks` (
	`identifier` varchar(255) NOT NULL,
	`language_id` int NOT NULL,
	`scheme_id` varchar(255) NOT NULL,
	`step_id` varchar(255) NOT NULL,
	`assigned_to` varchar(255),
	`created_by` varchar(255) NOT NULL,
	`creation_date` bigint NOT NULL,
	`mod_date` bigint NOT NULL,
	CONSTRAINT `workflow_tasks_identifier_language_id_pk` PRIMARY KEY(`identifier`,`language_id`)
);
--> statement-breakpoint
ALTER TABLE `workflow_actionlets` ADD CONSTRAINT `workflow_actionlets_action_fk` FOREIGN KEY (`action_id`) REFERENCES `workflow_actions`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `workflow_actions` ADD CONSTRAINT `workflow_actions_scheme_id_workflow_schemes_id_fk` FOREIGN KEY (`scheme_id`) REFERENCES `workflow_schemes`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `workflow_step_actions` ADD CONSTRAINT `workflow_step_actions_step_fk` FOREIGN KEY (`step_id`) REFERENCES `workflow_steps`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `workflow_step_actions` ADD CONSTRAINT `workflow_step_actions_action_fk` FOREIGN KEY (`action_id`) REFERENCES `workflow_actions`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `workflow_steps` ADD CONSTRAINT `workflow_steps_scheme_id_workflow_schemes_id_fk` FOREIGN KEY (`scheme_id`) REFERENCES `workflow_schemes`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `workflow_actionlets_action` ON `workflow_actionlets` (`action_id`);--> statement-breakpoint
CREATE INDEX `workflow_actions_scheme` ON `workflow_actions` (`scheme_id`);--> statement-breakpoint
CREATE INDEX `workflow_history_item` ON `workflow_history` (`identifier`,`created_at`);--> statement-breakpoint
CREATE INDEX `workflow_step_actions_action` ON `workflow_step_actions` (`action_id`);--> statement-breakpoint
CREATE INDEX `workflow_steps_scheme` ON `workflow_steps` (`scheme_id`);--> statement-breakpoint
CREATE INDEX `workflow_tasks_step` ON `workflow_tasks` (`step_id`);