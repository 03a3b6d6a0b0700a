-- CreateTable
CREATE TABLE "CardStatusChange" (
    "id" TEXT NOT NULL,
    "cardId" TEXT NOT NULL,
    "fromStatus" "CardStatus" NOT NULL,
    "toStatus" "CardStatus" NOT NULL,
    "note" TEXT NOT NULL,
    "actorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CardStatusChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CardStatusChange_cardId_createdAt_idx" ON "CardStatusChange"("cardId", "createdAt");

-- AddForeignKey
ALTER TABLE "CardStatusChange" ADD CONSTRAINT "CardStatusChange_cardId_fkey" FOREIGN KEY ("cardId") REFERENCES "Card"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CardStatusChange" ADD CONSTRAINT "CardStatusChange_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Backfill: until now the retire/reactivate note lived only in the audit log (lib/cards/set-card-status.ts).
INSERT INTO "CardStatusChange" ("id", "cardId", "fromStatus", "toStatus", "note", "actorId", "createdAt")
SELECT a."id", a."entityId", (a."before"->>'status')::"CardStatus", (a."after"->>'status')::"CardStatus",
       coalesce(a."after"->>'note', ''), a."actorId", a."createdAt"
FROM "AuditLog" a
JOIN "Card" c ON c."id" = a."entityId"
WHERE a."entityType" = 'Card' AND a."action" IN ('card.retire', 'card.reactivate')
  AND a."before"->>'status' IS NOT NULL AND a."after"->>'status' IS NOT NULL;
