ALTER TABLE `roles` ADD `parent` varchar(255);--> statement-breakpoint
CREATE INDEX `roles_parent` ON `roles` (`parent`);