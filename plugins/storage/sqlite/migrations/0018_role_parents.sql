ALTER TABLE `roles` ADD `parent` text;--> statement-breakpoint
CREATE INDEX `roles_parent` ON `roles` (`parent`);