-- CreateIndex
CREATE INDEX "Trajectory_newest_first_idx" ON "Trajectory"("createdAt" DESC, "id");

