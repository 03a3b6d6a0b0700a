-- CreateEnum
CREATE TYPE "OtlpTraceStatus" AS ENUM ('OPEN', 'BUILT', 'FAILED');

-- CreateTable
CREATE TABLE "OtlpSpan" (
    "traceId" TEXT NOT NULL,
    "spanId" TEXT NOT NULL,
    "parentSpanId" TEXT,
    "name" TEXT NOT NULL,
    "startNs" BIGINT NOT NULL,
    "endNs" BIGINT NOT NULL,
    "span" JSONB NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OtlpSpan_pkey" PRIMARY KEY ("traceId","spanId")
);

-- CreateTable
CREATE TABLE "OtlpTrace" (
    "traceId" TEXT NOT NULL,
    "status" "OtlpTraceStatus" NOT NULL DEFAULT 'OPEN',
    "spanCount" INTEGER NOT NULL DEFAULT 0,
    "rootEnded" BOOLEAN NOT NULL DEFAULT false,
    "trajectoryId" TEXT,
    "error" TEXT,
    "sourceKey" TEXT NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "builtAt" TIMESTAMP(3),

    CONSTRAINT "OtlpTrace_pkey" PRIMARY KEY ("traceId")
);

-- CreateTable
CREATE TABLE "OtlpIngest" (
    "sourceKey" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "apiTokenId" TEXT,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "tracesReceived" INTEGER NOT NULL DEFAULT 0,
    "tracesBuilt" INTEGER NOT NULL DEFAULT 0,
    "spansAccepted" INTEGER NOT NULL DEFAULT 0,
    "spansRejected" INTEGER NOT NULL DEFAULT 0,
    "recentRejections" JSONB NOT NULL DEFAULT '[]',
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OtlpIngest_pkey" PRIMARY KEY ("sourceKey")
);

-- CreateIndex
CREATE INDEX "OtlpTrace_status_lastSeenAt_idx" ON "OtlpTrace"("status", "lastSeenAt");

