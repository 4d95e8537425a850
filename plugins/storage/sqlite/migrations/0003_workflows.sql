CREATE TABLE `workflow_actionlets` (
	`id` text PRIMARY KEY NOT NULL,
	`action_id` text NOT NULL,
	`clazz` text NOT NULL,
	`name` text NOT NULL,
	`actionlet_order` integer NOT NULL,
	`parameters` text NOT NULL,
	FOREIGN KEY (`action_id`) REFERENCES `workflow_actions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workflow_actionlets_action` ON `workflow_actionlets` (`action_id`);--> statement-breakpoint
CREATE TABLE `workflow_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`scheme_id` text NOT NULL,
	`name` text NOT NULL,
	`action_condition` text NOT NULL,
	`next_step` text NOT NULL,
	`next_assign` text NOT NULL,
	`icon` text NOT NULL,
	`role_hierarchy_for_assign` integer NOT NULL,
	`assignable` integer NOT NULL,
	`commentable` integer NOT NULL,
	`action_order` integer NOT NULL,
	`owner` text,
	`show_on` text NOT NULL,
	`who_can_use` text NOT NULL,
	FOREIGN KEY (`scheme_id`) REFERENCES `workflow_schemes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workflow_actions_scheme` ON `workflow_actions` (`scheme_id`);--> statement-breakpoint
CREATE TABLE `workflow_history` (
	`id` text PRIMARY KEY NOT NULL,
	`identifier` text NOT NULL,
	`language_id` integer NOT NULL,
	`kind` text NOT NULL,
	`entry_text` text NOT NULL,
	`action_id` text,
	`from_step_id` text,
	`to_step_id` text,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `workflow_history_item` ON `workflow_history` (`identifier`,`created_at`);--> statement-breakpoint
CREATE TABLE `workflow_schemes` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`archived` integer NOT NULL,
	`mandatory` integer NOT NULL,
	`default_scheme` integer NOT NULL,
	`entry_action_id` text,
	`system` integer NOT NULL,
	`creation_date` integer NOT NULL,
	`mod_date` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `workflow_step_actions` (
	`step_id` text NOT NULL,
	`action_id` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`step_id`, `action_id`),
	FOREIGN KEY (`step_id`) REFERENCES `workflow_steps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`action_id`) REFERENCES `workflow_actions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workflow_step_actions_action` ON `workflow_step_actions` (`action_id`);--> statement-breakpoint
CREATE TABLE `workflow_steps` (
	`id` text PRIMARY KEY NOT NULL,
	`scheme_id` text NOT NULL,
	`name` text NOT NULL,
	`my_order` integer NOT NULL,
	`resolved` integer NOT NULL,
	`enable_escalation` integer NOT NULL,
	`escalation_action` text,
	`escalation_time` integer NOT NULL,
	`creation_date` integer NOT NULL,
	FOREIGN KEY (`scheme_id`) REFERENCES `workflow_schemes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workflow_steps_scheme` ON `workflow_steps` (`scheme_id`);--> statement-breakpoint
CREATE TABLE `workflow_tasks` (
	`identifier` text NOT NULL,
	`language_id` integer NOT NULL,
	`scheme_id` text NOT NULL,
	`step_id` text NOT NULL,
	`assigned_to` text,
	`created_by` text NOT NULL,
	`creation_date` integer NOT NULL,
	`mod_date` integer NOT NULL,
	PRIMARY KEY(`identifier`, `language_id`)
);
--> statement-breakpoint
CREATE INDEX `workflow_tasks_step` ON `workflow_tasks` (`step_id`);